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
      // Teal text on the light teal background is short of AA contrast (4.3:1): the words are
      // in the text colour, the icon and the background say it worked.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <Text size="sm">{children}</Text>
    </Alert>
  );
}
