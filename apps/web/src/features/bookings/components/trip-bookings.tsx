import type { ItineraryTree } from '@jammy/shared/itineraries';
import { Stack, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { BookingDays } from './booking-days';

/**
 * The trip's bookings day by day for a share-link reader: local times, the zone named when it
 * is not the trip's, how long each lasts and the waits between legs.
 */
export function TripBookings({ tree }: { tree: ItineraryTree }) {
  const { t } = useTranslation('bookings');
  if (tree.bookings.length === 0) return null;
  return (
    <section aria-labelledby="trip-bookings-title" data-testid="trip-bookings">
      <Stack gap="md">
        <Title order={2} size="h3" id="trip-bookings-title">
          {t('overview.title')}
        </Title>
        <BookingDays bookings={tree.bookings} itineraryZone={tree.itinerary.timezone} />
      </Stack>
    </section>
  );
}
