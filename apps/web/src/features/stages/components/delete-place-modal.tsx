import type { Place } from '@jammy/shared/itineraries';
import { useTranslation } from '../../../i18n/react';
import { useDeletePlace } from '../../places/public';
import { DeleteModal } from './delete-modal';

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
  return (
    <DeleteModal
      item={place}
      title={t('placeDelete.title', { name: place?.name ?? '' })}
      text={t('placeDelete.text')}
      confirm={t('placeDelete.confirm')}
      remove={(row) => deletePlace.mutateAsync({ placeId: row.id, version: row.version })}
      pending={deletePlace.isPending}
      onClose={onClose}
      onDeleted={onDeleted}
    />
  );
}
