import { Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useItineraryTree } from '../features/itineraries/api/itineraries';
import { ItineraryHeader } from '../features/itineraries/components/itinerary-header';
import { useItineraryParams } from '../features/itineraries/use-itinerary-params';
import { PlacesLoadError, PlacesSkeleton } from '../features/places/components/places-page-states';
import { PlacesView } from '../features/places/components/places-view';

/** /itinerary/{id}/place: every place of the trip on one map. */
export function Component() {
  const { t } = useTranslation();
  const { id } = useItineraryParams();
  const tree = useItineraryTree(id);

  const heading = t('routes.itinerary-places.title');
  // Data already shown stays shown when a later refresh fails (offline, for instance).
  if (!tree.data) {
    if (tree.isError) {
      return (
        <PlacesLoadError heading={heading} error={tree.error} onRetry={() => void tree.refetch()} />
      );
    }
    return <PlacesSkeleton heading={heading} />;
  }
  return (
    <>
      <ItineraryHeader itinerary={tree.data.itinerary} heading={heading} />
      <Container size="lg" py="xl">
        <PlacesView tree={tree.data} />
      </Container>
    </>
  );
}
