import type { Stage } from '@jammy/shared/itineraries';
import { useTranslation } from '../../../i18n/react';
import { useDeleteStage } from '../api/stages';
import { DeleteModal } from './delete-modal';

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
  return (
    <DeleteModal
      item={stage}
      title={t('delete.title', { name: stage?.title ?? '' })}
      text={placeCount > 0 ? t('delete.keepsPlaces', { count: placeCount }) : t('delete.noPlaces')}
      confirm={t('delete.confirm')}
      remove={(row) => deleteStage.mutateAsync({ stageId: row.id, version: row.version })}
      pending={deleteStage.isPending}
      onClose={onClose}
      onDeleted={onDeleted}
    />
  );
}
