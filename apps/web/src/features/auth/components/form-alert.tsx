import { Alert, Stack } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { toAuthFailure } from '../lib/auth-errors';
import { useAuthMessages } from '../lib/auth-messages';

/** A problem, announced at once (role=alert), with optional actions under it. */
export function ErrorAlert({ children, code }: { children: ReactNode; code?: string | undefined }) {
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      icon={<IconAlertCircle size={20} aria-hidden />}
      data-code={code}
    >
      <Stack gap="sm" align="flex-start">
        {children}
      </Stack>
    </Alert>
  );
}

/** What went wrong with the whole form (nothing when nothing did), with optional actions. */
export function FormAlert({
  failure: error,
  children,
}: {
  failure: unknown;
  children?: ReactNode;
}) {
  const { failureMessage } = useAuthMessages();
  if (error === null || error === undefined) return null;
  const failure = toAuthFailure(error);
  return (
    <ErrorAlert code={failure.code}>
      <span>{failureMessage(failure)}</span>
      {children}
    </ErrorAlert>
  );
}

/** Good news after an action (a mail or code sent again), announced politely. */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <Alert
      color="teal"
      variant="light"
      role="status"
      icon={<IconCircleCheck size={20} aria-hidden />}
    >
      {children}
    </Alert>
  );
}
