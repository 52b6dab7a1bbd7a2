import { Modal } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { FileImport } from './file-import';

/** The dialog of "Import a trip": the importer, for a new itinerary. */
export function ImportTripDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('imports');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('newTrip.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('newTrip.close') }}
    >
      <FileImport itineraryId={null} stages={[]} />
    </Modal>
  );
}
