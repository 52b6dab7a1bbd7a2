import { Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { useLanguage } from '../../../i18n/use-language';
import { bookingTimes, formatShortDate, formatWallTime, zoneLabel } from '../lib/booking-time';
import type { BookingMoment } from '../lib/trip-plan';
import { BookingKindIcon } from './booking-kind-icon';
import { LengthLine, TimeLine } from './booking-days';
import { useLengthText } from './leg-notes';

/** The time of one end of a stay: "3:00 PM", with its zone when not the trip's; or all day. */
function EndTime({ moment, reference }: { moment: BookingMoment; reference: string }) {
  const { t } = useTranslation('bookings');
  const { language } = useLanguage();
  const { booking } = moment;
  const [local, zone] =
    moment.part === 'check-out'
      ? [booking.endAt, booking.endZone]
      : [booking.startAt, booking.startZone];
  if (!local || !zone) {
    return (
      <Text size="xs" c="gray.8" component="span">
        {t('times.allDay')}
      </Text>
    );
  }
  return (
    <Text size="xs" c="gray.8" component="span">
      {formatWallTime(local, language)}
      {zone !== reference && ` ${zoneLabel(zone, local, language)}`}
    </Text>
  );
}

/**
 * A booking in the trip's timeline, at its moment among the day's places: its kind (or
 * "Check-in" and "Check-out" for the two ends of a stay), its day and times, how long it lasts.
 * `className` is the timeline's row style, so places and bookings read as one list.
 */
export function TimelineBooking({
  moment,
  reference,
  className,
  iconClassName,
}: {
  moment: BookingMoment;
  /** The zone the trip is read in: times elsewhere name their zone. */
  reference: string;
  className?: string;
  iconClassName?: string;
}) {
  const { t } = useTranslation('bookings');
  const { language } = useLanguage();
  const length = useLengthText();
  const { booking, part } = moment;
  const what =
    part === 'whole'
      ? t(`kinds.${booking.kind}`)
      : t(part === 'check-in' ? 'fields.checkIn' : 'fields.checkOut');
  const route = [booking.fromName, booking.toName].filter(Boolean).join(' → ');
  const lasts = part === 'whole' ? length(booking) : null;
  return (
    <li
      className={className}
      data-entry={`booking:${part}:${booking.title}`}
      data-testid="timeline-booking"
    >
      <span className={iconClassName}>
        <BookingKindIcon kind={booking.kind} size={16} />
      </span>
      <div style={{ minWidth: 0, flex: 1 }}>
        <Text fw={600} size="sm">
          <bdi>{booking.title}</bdi>
        </Text>
        {route && (
          <Text size="xs" c="gray.9">
            <bdi>{route}</bdi>
          </Text>
        )}
        <div style={{ display: 'flex', flexWrap: 'wrap', columnGap: '0.75rem' }}>
          <Text size="xs" c="gray.8" fw={600} component="span">
            {what}
          </Text>
          {moment.day && (
            <Text size="xs" c="gray.8" component="span">
              {formatShortDate(moment.day, language)}
            </Text>
          )}
          {part === 'whole' ? (
            <TimeLine times={bookingTimes(booking, reference, language)} size="xs" />
          ) : (
            <EndTime moment={moment} reference={reference} />
          )}
        </div>
        {lasts && <LengthLine text={lasts} size="xs" />}
      </div>
    </li>
  );
}
