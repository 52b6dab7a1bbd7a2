import { Alert, Code, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { problemKey } from '../../itineraries/components/problem';

/** Why an import failed, in the traveller's words, with the server's pointer (line, element). */
export function ImportProblem({ error }: { error: unknown }) {
  const { t } = useTranslation('imports');
  const { t: ti } = useTranslation('itineraries');
  const status = error instanceof ApiError ? error.status : 0;
  const message =
    status === 413
      ? t('errors.tooLarge')
      : status === 415
        ? t('errors.unsupported')
        : status === 400
          ? t('errors.unreadable')
          : ti(problemKey(error));
  const detail = status === 400 && error instanceof ApiError ? error.message : null;
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
