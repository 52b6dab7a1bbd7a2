import { Alert, Code, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import type { TFunction } from '../../../i18n/translator';
import { ApiError } from '../../../lib/api-client';
import { useProblemMessage } from '../../../lib/problem';

/** When the server gives no Retry-After: about the time one file takes to read. */
const DEFAULT_WAIT_SECONDS = 10;

/** The message for a failed import (`t` of `imports`; any other failure as the catalogue says). */
function importMessage(error: unknown, t: TFunction, problem: (error: unknown) => string) {
  if (!(error instanceof ApiError)) return problem(error);
  // The server reads a few of a person's files at a time, and only so many in all.
  const wait = { count: error.retryAfterSeconds ?? DEFAULT_WAIT_SECONDS };
  if (error.status === 413) return t('errors.tooLarge');
  if (error.status === 415) return t('errors.unsupported');
  if (error.status === 400) return t('errors.unreadable');
  if (error.code === 'import/too-many') return t('errors.tooMany', wait);
  if (error.status === 503) return t('errors.busy', wait);
  return problem(error);
}

/** Why an import failed, in the traveller's words, with the server's pointer (line, element). */
export function ImportProblem({ error }: { error: unknown }) {
  const { t } = useTranslation('imports');
  const message = importMessage(error, t, useProblemMessage());
  const detail = error instanceof ApiError && error.status === 400 ? error.message : null;
  return (
    <Alert
      color="red"
      variant="light"
      radius="md"
      role="alert"
      icon={<IconAlertTriangle size={20} aria-hidden />}
    >
      <Stack gap={4}>
        <Text size="sm" c="red.9">
          {message}
        </Text>
        {detail && (
          <Code dir="ltr" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {detail}
          </Code>
        )}
      </Stack>
    </Alert>
  );
}
