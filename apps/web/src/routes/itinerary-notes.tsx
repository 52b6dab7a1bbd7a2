import { Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useItineraryTree } from '../features/itineraries/api/itineraries';
import { ItineraryHeader } from '../features/itineraries/components/itinerary-header';
import { useItineraryParams } from '../features/itineraries/use-itinerary-params';
import { NotesAndLists } from '../features/notes/components/notes-and-lists';
import { NotesLoadError, NotesSkeleton } from '../features/notes/components/notes-page-states';

/** /itinerary/{id}/notes: the trip's notes, packing lists and to-dos. */
export function Component() {
  const { t } = useTranslation();
  const { id } = useItineraryParams();
  const tree = useItineraryTree(id);
  const heading = t('routes.itinerary-notes.title');

  // Data already shown stays shown when a later refresh fails (offline, for instance).
  if (!tree.data) {
    if (tree.isError) {
      return (
        <NotesLoadError heading={heading} error={tree.error} onRetry={() => void tree.refetch()} />
      );
    }
    return <NotesSkeleton heading={heading} />;
  }
  return (
    <>
      <ItineraryHeader itinerary={tree.data.itinerary} heading={heading} />
      <Container size="lg" py="xl">
        <NotesAndLists
          itineraryId={tree.data.itinerary.id}
          canEdit={tree.data.itinerary.role !== 'viewer'}
        />
      </Container>
    </>
  );
}
