import { Button, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFileImport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FileImport } from './file-import';

/** "Import a trip": a GPX, KML, GeoJSON or calendar file becomes a new itinerary. */
export function ImportTripButton() {
  const { t } = useTranslation('imports');
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button
        variant="default"
        size="md"
        leftSection={<IconFileImport size={18} aria-hidden />}
        onClick={open}
      >
        {t('newTrip.button')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={t('newTrip.title')}
        size="lg"
        closeButtonProps={{ 'aria-label': t('newTrip.close') }}
      >
        <FileImport itineraryId={null} stages={[]} />
      </Modal>
    </>
  );
}
