import type { Place } from '@jammy/shared/itineraries';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeletePlace } from '../../itineraries/api/places';
import { toProblem, type Problem } from '../lib/problem';
import classes from './stages.module.css';
import { ProblemAlert } from './problem-alert';

/** Asks before deleting a place for good. */
export function DeletePlaceModal({
  itineraryId,
  place,
  onClose,
  onDeleted,
}: {
  itineraryId: string;
  place: Place | null;
  onClose: () => void;
  onDeleted: (place: Place) => void;
}) {
  const { t } = useTranslation('stages');
  const deletePlace = useDeletePlace(itineraryId);
  const [problem, setProblem] = useState<Problem | null>(null);

  const close = () => {
    setProblem(null);
    onClose();
  };
  const confirm = async () => {
    if (!place) return;
    setProblem(null);
    try {
      await deletePlace.mutateAsync({ placeId: place.id, version: place.version });
      onDeleted(place);
    } catch (error) {
      setProblem(toProblem(error));
    }
  };

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      classNames={{ title: classes.modalTitle }}
      opened={place !== null}
      onClose={close}
      title={t('placeDelete.title', { name: place?.name ?? '' })}
      radius="lg"
      centered
    >
      <Stack gap="md">
        <Text size="sm">{t('placeDelete.text')}</Text>
        {problem && (
          <ProblemAlert
            problem={problem}
            text={problem.kind === 'conflict' ? t('delete.conflict') : undefined}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t('actions.cancel')}
          </Button>
          <Button color="red.9" loading={deletePlace.isPending} onClick={() => void confirm()}>
            {t('placeDelete.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
