import type { ImportBatch } from '@jammy/shared/imports';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { ApiError } from '../../../lib/api-client';
import { useUndoImport } from '../api/imports';

/** The import went through: what it added, a way to it, and Undo. */
export function ImportDone({
  batch,
  newItinerary,
  onAgain,
}: {
  batch: ImportBatch;
  /** The import created the itinerary: undone, it is in the trash. */
  newItinerary: boolean;
  onAgain: () => void;
}) {
  const { t } = useTranslation('imports');
  const { to } = useLanguage();
  const undo = useUndoImport(batch.itineraryId);
  const undone = undo.isSuccess;
  const failure =
    undo.error instanceof ApiError && undo.error.status === 409
      ? t('done.changed')
      : undo.error
        ? t('done.undoFailed')
        : null;
  return (
    <Stack gap="md">
      <Alert
        color={undone ? 'gray' : 'green'}
        variant="light"
        radius="md"
        role="status"
        icon={
          undone ? (
            <IconArrowBackUp size={20} aria-hidden />
          ) : (
            <IconCircleCheck size={20} aria-hidden />
          )
        }
      >
        <Text size="sm" fw={600}>
          {undone
            ? t('done.undone')
            : t('done.imported', {
                places: batch.counts.places,
                routes: batch.counts.routes,
                bookings: batch.counts.bookings,
              })}
        </Text>
      </Alert>
      {failure && (
        <Text size="sm" c="red.9" role="alert">
          {failure}
        </Text>
      )}
      <Group gap="sm">
        {!undone && (
          <Button
            variant="default"
            leftSection={<IconArrowBackUp size={16} aria-hidden />}
            loading={undo.isPending}
            onClick={() => undo.mutate(batch.id)}
          >
            {t('done.undo')}
          </Button>
        )}
        {!(undone && newItinerary) && (
          <Button component={Link} to={to(`/itinerary/${batch.itineraryId}`)}>
            {t('done.open')}
          </Button>
        )}
        <Button variant="subtle" onClick={onAgain}>
          {t('done.again')}
        </Button>
      </Group>
    </Stack>
  );
}
