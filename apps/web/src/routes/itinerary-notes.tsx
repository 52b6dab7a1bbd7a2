import { Container } from '@mantine/core';
import { useTranslation } from '../i18n/react';
import { ItineraryHeader } from '../features/itineraries/components/itinerary-header';
import { ItineraryTreeGate } from '../features/itineraries/components/itinerary-tree-gate';
import { useItineraryParams } from '../lib/use-itinerary-params';
import { NotesAndLists } from '../features/notes/components/notes-and-lists';

/** /itinerary/{id}/notes: the trip's notes, packing lists and to-dos. */
export function Component() {
  const { t } = useTranslation();
  const { id } = useItineraryParams();
  const heading = t('routes.itinerary-notes.title');
  return (
    <ItineraryTreeGate id={id} heading={heading}>
      {(tree) => (
        <>
          <ItineraryHeader itinerary={tree.itinerary} heading={heading} />
          <Container size="lg" py="xl">
            <NotesAndLists
              itineraryId={tree.itinerary.id}
              canEdit={tree.itinerary.role !== 'viewer'}
            />
          </Container>
        </>
      )}
    </ItineraryTreeGate>
  );
}
