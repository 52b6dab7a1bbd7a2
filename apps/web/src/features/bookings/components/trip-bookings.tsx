import type { ItineraryTree } from '@jammy/shared/itineraries';
import { Anchor, Group, Stack, Title } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { BookingDays } from './booking-days';

/**
 * The trip's bookings in its day-by-day timeline (overview and shared view): local times, the
 * zone named when it is not the trip's. Members get a way to the bookings page.
 */
export function TripBookings({ tree, linked = true }: { tree: ItineraryTree; linked?: boolean }) {
  const { t } = useTranslation('bookings');
  const { to } = useLanguage();
  if (tree.bookings.length === 0) return null;
  return (
    <section aria-labelledby="trip-bookings-title" data-testid="trip-bookings">
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title order={2} size="h3" id="trip-bookings-title">
            {t('overview.title')}
          </Title>
          {linked && (
            <Anchor
              component={Link}
              to={to(`/itinerary/${tree.itinerary.id}/bookings`)}
              size="sm"
              fw={600}
            >
              <Group gap={4} component="span">
                <IconTicket size={16} aria-hidden />
                {t('overview.open')}
              </Group>
            </Anchor>
          )}
        </Group>
        <BookingDays bookings={tree.bookings} itineraryZone={tree.itinerary.timezone} />
      </Stack>
    </section>
  );
}
