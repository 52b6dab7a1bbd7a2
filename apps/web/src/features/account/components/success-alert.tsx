import { Alert, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Feedback that an operation worked, announced politely to screen readers. */
export function SuccessAlert({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Alert
      role="status"
      color="teal"
      variant="light"
      icon={<IconCircleCheck size={20} aria-hidden />}
      title={title}
      styles={{ title: { color: 'var(--mantine-color-teal-9)' } }}
    >
      <Text size="sm" c="teal.9">
        {children}
      </Text>
    </Alert>
  );
}
