import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';

/** Translation key (namespace `sharing`) explaining why a sharing request failed. */
export function sharingProblemKey(error: unknown): string {
  if (!(error instanceof ApiError)) return 'errors.server';
  if (error.isNetworkError) return 'errors.network';
  if (error.status === 400) return 'errors.invalid';
  if (error.status === 403) return 'errors.forbidden';
  if (error.status === 404) return 'errors.notFound';
  // Changed meanwhile (a stale version) is not the same as "not possible".
  if (error.status === 409) return error.code === 'conflict' ? 'errors.stale' : 'errors.conflict';
  if (error.status === 429) return 'errors.rateLimited';
  return 'errors.server';
}

/** A failed sharing request, explained where it happened. */
export function SharingProblem({ error }: { error: unknown }) {
  const { t } = useTranslation('sharing');
  return (
    <Alert
      color="red"
      variant="light"
      radius="md"
      role="alert"
      icon={<IconAlertTriangle size={20} aria-hidden />}
    >
      <Text size="sm" c="red.9">
        {t(sharingProblemKey(error))}
      </Text>
    </Alert>
  );
}
