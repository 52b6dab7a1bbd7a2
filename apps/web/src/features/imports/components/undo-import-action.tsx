import { Button, Text } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api-client';
import { useUndoImport } from '../api/imports';

/** Undo of an import, from the trip's activity: says why when it cannot be undone. */
export function UndoImportAction({
  itineraryId,
  importId,
  title,
}: {
  itineraryId: string;
  importId: string;
  title: string;
}) {
  const { t } = useTranslation('sharing');
  const undo = useUndoImport(itineraryId);
  if (undo.isSuccess) {
    return (
      <Text size="xs" c="gray.8" role="status">
        {t('activity.importUndone')}
      </Text>
    );
  }
  const status = undo.error instanceof ApiError ? undo.error.status : null;
  return (
    <>
      <Button
        variant="subtle"
        size="compact-xs"
        px={4}
        leftSection={<IconArrowBackUp size={14} aria-hidden />}
        loading={undo.isPending}
        onClick={() => undo.mutate(importId)}
        aria-label={`${t('activity.undoImport')}: ${title}`}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('activity.undoImport')}
      </Button>
      {undo.error && (
        <Text size="xs" c="red.9" role="alert">
          {status === 409
            ? t('activity.importChanged')
            : status === 404
              ? t('activity.importGone')
              : t('activity.failed')}
        </Text>
      )}
    </>
  );
}
