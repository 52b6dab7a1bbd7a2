import type { ItineraryTree } from '@jammy/shared/itineraries';
import { Container, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { ItineraryHeader } from '../../itineraries/public';
import { FileImport } from './file-import';
import { PasteImport } from './paste-import';

/** /itinerary/{id}/import: a file (GPX, KML, GeoJSON, calendar) or a pasted list into the trip. */
export function ImportPage({ tree, heading }: { tree: ItineraryTree; heading: string }) {
  const { t } = useTranslation('imports');
  const [mode, setMode] = useState<'file' | 'paste'>('file');
  const canEdit = tree.itinerary.role !== 'viewer';
  return (
    <>
      <ItineraryHeader itinerary={tree.itinerary} heading={heading} />
      <Container size="sm" py={{ base: 'lg', sm: 'xl' }}>
        {canEdit ? (
          <Stack gap="lg">
            <SegmentedControl
              fullWidth
              value={mode}
              onChange={(value) => setMode(value === 'paste' ? 'paste' : 'file')}
              aria-label={t('page.mode')}
              data={[
                { value: 'file', label: t('page.file') },
                { value: 'paste', label: t('page.paste') },
              ]}
            />
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
              {mode === 'file' ? (
                <FileImport itineraryId={tree.itinerary.id} stages={tree.stages} />
              ) : (
                <PasteImport itineraryId={tree.itinerary.id} stages={tree.stages} />
              )}
            </Paper>
          </Stack>
        ) : (
          <Text>{t('page.viewOnly')}</Text>
        )}
      </Container>
    </>
  );
}
