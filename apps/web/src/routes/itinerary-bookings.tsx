import { Container } from '@mantine/core';
import { useTranslation } from '../i18n/react';
import { BookingsPage } from '../features/bookings/components/bookings-page';
import { ItineraryHeader } from '../features/itineraries/components/itinerary-header';
import { ItineraryTreeGate } from '../features/itineraries/components/itinerary-tree-gate';
import { useItineraryParams } from '../lib/use-itinerary-params';

/** /itinerary/{id}/bookings: flights, trains, stays and tables, day by day. */
export function Component() {
  const { t } = useTranslation();
  const { id } = useItineraryParams();
  const heading = t('routes.itinerary-bookings.title');
  return (
    <ItineraryTreeGate id={id} heading={heading}>
      {(tree) => (
        <>
          <ItineraryHeader itinerary={tree.itinerary} heading={heading} />
          <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
            <BookingsPage tree={tree} />
          </Container>
        </>
      )}
    </ItineraryTreeGate>
  );
}
