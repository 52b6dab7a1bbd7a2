import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { toProblem, useProblemMessage } from '../../lib/problem';

/**
 * A failed request explained in place, in the reader's language (one message per code of the
 * catalogue), announced at once; `lead` says what failed, `children` offer a way on.
 */
export function ProblemAlert({
  error,
  lead,
  children,
}: {
  error: unknown;
  lead?: string;
  children?: ReactNode;
}) {
  const message = useProblemMessage();
  const problem = toProblem(error);
  return (
    <Alert
      color="red"
      variant="light"
      radius="md"
      role="alert"
      icon={<IconAlertTriangle size={20} aria-hidden />}
      data-problem={problem.code}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm" c="red.9">
          {lead ? `${lead} ` : ''}
          {message(problem)}
        </Text>
        {children}
      </Stack>
    </Alert>
  );
}
