import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { Problem } from '../lib/problem';

export type ProblemSubject = 'note' | 'list' | 'item';

/**
 * A change that did not go through, explained where it happened. On a conflict it shows
 * their version and offers to keep it or to reapply mine; on a network failure, to retry.
 */
export function ProblemNotice({
  problem,
  subject,
  theirs,
  reapplyLabel,
  onReapply,
  onDismiss,
  children,
}: {
  problem: Problem;
  subject: ProblemSubject;
  /** On a conflict: their version, as it is now. */
  theirs?: ReactNode;
  reapplyLabel?: string;
  /** Send my change again (on the current version after a conflict). */
  onReapply?: () => void;
  onDismiss: () => void;
  /** More ways out (such as "save as a new note"). */
  children?: ReactNode;
}) {
  const { t } = useTranslation('notes');
  const conflict = problem.kind === 'conflict';
  const retryable = conflict || problem.kind === 'network' || problem.kind === 'unknown';
  const message =
    problem.kind === 'conflict' || problem.kind === 'not-found'
      ? t(`problems.${problem.kind}.${subject}`)
      : t(`problems.${problem.kind}`);

  return (
    <Alert
      role="alert"
      color={conflict ? 'orange' : 'red'}
      variant="light"
      icon={
        conflict ? <IconUsers size={20} aria-hidden /> : <IconAlertTriangle size={20} aria-hidden />
      }
      title={conflict ? t('problems.conflictTitle') : undefined}
    >
      <Stack gap="sm">
        <Text size="sm" c="gray.9">
          {message}
        </Text>
        {conflict && theirs && (
          <Paper withBorder radius="md" p="sm" bg="white">
            <Text size="xs" fw={700} c="gray.8" tt="uppercase" mb={4}>
              {t('problems.theirVersion')}
            </Text>
            {theirs}
          </Paper>
        )}
        <Group gap="xs">
          {retryable && onReapply && (
            <Button size="xs" color={conflict ? 'orange.9' : 'red'} onClick={onReapply}>
              {conflict ? (reapplyLabel ?? t('problems.reapply')) : t('problems.retry')}
            </Button>
          )}
          {children}
          <Button size="xs" variant="default" onClick={onDismiss}>
            {conflict ? t('problems.keepTheirs') : t('problems.dismiss')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
