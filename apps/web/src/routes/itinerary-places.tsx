import { Container } from '@mantine/core';
import { useTranslation } from '../i18n/react';
import { ItineraryHeader } from '../features/itineraries/components/itinerary-header';
import { ItineraryTreeGate } from '../features/itineraries/components/itinerary-tree-gate';
import { useItineraryParams } from '../lib/use-itinerary-params';
import { PlacesView } from '../features/places/components/places-view';

/** /itinerary/{id}/place: every place of the trip on one map. */
export function Component() {
  const { t } = useTranslation();
  const { id } = useItineraryParams();
  const heading = t('routes.itinerary-places.title');
  return (
    <ItineraryTreeGate id={id} heading={heading}>
      {(tree) => (
        <>
          <ItineraryHeader itinerary={tree.itinerary} heading={heading} />
          <Container size="lg" py="xl">
            <PlacesView tree={tree} />
          </Container>
        </>
      )}
    </ItineraryTreeGate>
  );
}
