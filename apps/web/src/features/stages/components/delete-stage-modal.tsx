import type { Stage } from '@jammy/shared/itineraries';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteStage } from '../../itineraries/api/stages';
import { toProblem, type Problem } from '../lib/problem';
import classes from './stages.module.css';
import { ProblemAlert } from './problem-alert';

/** Asks before deleting a stage; its places stay in the itinerary without a stage. */
export function DeleteStageModal({
  itineraryId,
  stage,
  placeCount,
  onClose,
  onDeleted,
}: {
  itineraryId: string;
  stage: Stage | null;
  placeCount: number;
  onClose: () => void;
  onDeleted: (stage: Stage) => void;
}) {
  const { t } = useTranslation('stages');
  const deleteStage = useDeleteStage(itineraryId);
  const [problem, setProblem] = useState<Problem | null>(null);

  const close = () => {
    setProblem(null);
    onClose();
  };
  const confirm = async () => {
    if (!stage) return;
    setProblem(null);
    try {
      await deleteStage.mutateAsync({ stageId: stage.id, version: stage.version });
      onDeleted(stage);
    } catch (error) {
      setProblem(toProblem(error));
    }
  };

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      classNames={{ title: classes.modalTitle }}
      opened={stage !== null}
      onClose={close}
      title={t('delete.title', { name: stage?.title ?? '' })}
      radius="lg"
      centered
    >
      <Stack gap="md">
        <Text size="sm">
          {placeCount > 0 ? t('delete.keepsPlaces', { count: placeCount }) : t('delete.noPlaces')}
        </Text>
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
          <Button color="red.9" loading={deleteStage.isPending} onClick={() => void confirm()}>
            {t('delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
