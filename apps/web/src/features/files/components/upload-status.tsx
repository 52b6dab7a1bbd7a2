import { Alert, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { useLanguage } from '../../../i18n/use-language';
import { uploadProblem } from '../lib/upload-problem';
import type { UploadState } from './use-upload';

/**
 * Where an upload is: a progress bar with a cancel button while it runs, and after a failure
 * the reason, with "Try again" only when another try may go through (not after a cancel, a
 * file that is too large, empty or of the wrong type, or a refusal).
 */
export function UploadStatus({
  state,
  label,
  kind = 'file',
  problem,
  onCancel,
  onRetry,
  onDismiss,
}: {
  state: UploadState;
  /** What is going up ("Uploading 1 of 3…"). */
  label: string;
  kind?: 'photo' | 'file';
  /** A failure after the bytes went up (adding the photo, saving the cover). */
  problem?: unknown;
  onCancel: () => void;
  onRetry: () => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation('files');
  const { language } = useLanguage();
  if (state.status === 'uploading') {
    const percent =
      state.totalBytes > 0 ? Math.round((state.bytesTransferred / state.totalBytes) * 100) : 0;
    return (
      <Paper withBorder radius="md" p="sm" data-state="uploading">
        <Stack gap={6}>
          <Group justify="space-between" gap="xs">
            <Text size="sm" aria-live="polite" style={{ overflowWrap: 'anywhere' }}>
              {label}
            </Text>
            <Button size="compact-sm" variant="subtle" color="gray.8" onClick={onCancel}>
              {t('upload.cancel')}
            </Button>
          </Group>
          <Progress value={percent} aria-label={t('upload.progress')} transitionDuration={150} />
        </Stack>
      </Paper>
    );
  }
  const failure = state.status === 'error' ? state.error : problem;
  if (!failure) return null;
  const canceled = state.status === 'error' && state.error.code === 'storage/canceled';
  const reason = uploadProblem(failure, {
    kind,
    language,
    ...(state.status === 'error' ? { fileSize: state.fileSize } : {}),
  });
  return (
    <Alert
      color={canceled ? 'gray' : 'red'}
      role="alert"
      title={canceled ? undefined : t('upload.problem')}
      withCloseButton
      closeButtonLabel={t('upload.dismiss')}
      onClose={onDismiss}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t(reason.key, reason.values)}</Text>
        {reason.retryable && (
          <Button size="compact-sm" variant="light" color="red.8" onClick={onRetry}>
            {t('upload.retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
