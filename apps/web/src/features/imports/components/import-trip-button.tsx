import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFileImport } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../../i18n/react';

// The dialog and the importer load when the button is first used, not with the trip list.
const ImportTripDialog = lazy(async () => ({
  default: (await import('./import-trip-dialog')).ImportTripDialog,
}));

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
      {opened && (
        <Suspense fallback={null}>
          <ImportTripDialog opened={opened} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
