import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import type { Problem } from '../lib/problem';

/** A failed request explained in place (role=alert), with a retry when it makes sense. */
export function ProblemAlert({
  problem,
  onRetry,
  title,
  text,
}: {
  problem: Problem;
  onRetry?: () => void;
  title?: string;
  text?: string;
}) {
  const { t } = useTranslation('stages');
  const retryable = problem.kind === 'network' || problem.kind === 'server';
  return (
    <Alert
      role="alert"
      color={problem.kind === 'forbidden' ? 'ink' : 'red'}
      variant="light"
      radius="md"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={title ?? t(`problems.${problem.kind}.title`)}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{text ?? t(`problems.${problem.kind}.text`)}</Text>
        {onRetry && retryable && (
          <Button
            size="xs"
            variant="white"
            color="dark"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={onRetry}
          >
            {t('actions.retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
