import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One card of an account section: a heading, what it is for, and its content. */
export function SectionCard({
  id,
  title,
  description,
  children,
  danger = false,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  danger?: boolean;
}) {
  return (
    <Paper
      component="section"
      aria-labelledby={id}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      style={danger ? { borderColor: 'var(--mantine-color-red-4)' } : undefined}
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title id={id} order={3} size="h4" c={danger ? 'red.9' : undefined}>
            {title}
          </Title>
          {description ? (
            <Text size="sm" c="gray.8">
              {description}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}

/** The heading and lead of a whole section (one tab). */
export function SectionHeader({ title, lead }: { title: string; lead: ReactNode }) {
  return (
    <Stack gap={4} mb="lg">
      <Title order={2} size="h3">
        {title}
      </Title>
      <Text c="gray.8">{lead}</Text>
    </Stack>
  );
}
