import type { Booking } from '@jammy/shared/bookings';
import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { Fragment, useMemo, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useLanguage } from '../../../i18n/use-language';
import { formatMinorUnits } from '../../../lib/format';
import {
  bookingTimes,
  formatDayHeading,
  groupByDay,
  referenceZone,
  type BookingTimes,
} from '../lib/booking-time';
import { layovers } from '../lib/booking-length';
import { BookingKindIcon } from './booking-kind-icon';
import { LayoverNote, useLengthText } from './leg-notes';
import classes from './bookings.module.css';

/**
 * "10:00 (Italy Time (GMT+2)) → Mon, 29 Mar 06:00 (Japan Time (GMT+9))", as parts; "All day ·
 * until Wed, 31 Mar" for an all-day booking.
 */
export function TimeLine({ times, size = 'sm' }: { times: BookingTimes; size?: 'sm' | 'xs' }) {
  const { t } = useTranslation('bookings');
  const { allDay, start, end } = times;
  if (allDay) {
    return (
      <Text size={size} c="gray.8" data-testid="booking-times">
        <span className={classes.time} data-testid="booking-all-day">
          {t('times.allDay')}
        </span>
        {allDay.until && ` · ${t('times.untilDay', { date: allDay.until })}`}
      </Text>
    );
  }
  if (!start && !end) return null;
  return (
    <Text size={size} c="gray.8" data-testid="booking-times">
      {start && (
        <span data-testid="booking-start">
          <span className={classes.time}>{start.time}</span>
          {start.zone && <span className={classes.zone}> {start.zone}</span>}
        </span>
      )}
      {start && end && (
        <span aria-hidden>
          {' '}
          <span className={classes.arrow}>→</span>{' '}
        </span>
      )}
      {start && end && <span className={classes.hidden}>{t('times.until')} </span>}
      {end && (
        <span data-testid="booking-end">
          {!start && `${t('times.until')} `}
          {end.date && `${end.date} `}
          <span className={classes.time}>{end.time}</span>
          {end.zone && <span className={classes.zone}> {end.zone}</span>}
        </span>
      )}
    </Text>
  );
}

/** "⌛ 9 hr 30 min": how long a booking lasts, its label read out, not shown. */
export function LengthLine({ text, size = 'sm' }: { text: string; size?: 'sm' | 'xs' }) {
  const { t } = useTranslation('bookings');
  return (
    <Text size={size} c="gray.8" data-testid="booking-duration">
      <IconHourglassHigh size={15} aria-hidden style={{ verticalAlign: '-2px' }} />{' '}
      <span className={classes.hidden}>{t('length.label')}: </span>
      {text}
    </Text>
  );
}

/** One booking as a line of the trip: kind, title, route or address, times, and the code. */
export function BookingLine({
  booking,
  reference,
  actions,
}: {
  booking: Booking;
  reference: string;
  actions?: ReactNode;
}) {
  const { t } = useTranslation('bookings');
  const { language } = useLanguage();
  const times = bookingTimes(booking, reference, language);
  const length = useLengthText()(booking);
  const route = [booking.fromName, booking.toName].filter(Boolean);
  const carrier = [booking.carrier, booking.number].filter(Boolean).join(' ');
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      className={classes.line}
      data-booking-id={booking.id}
      data-testid="booking-line"
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" color="jam" radius="xl" size={34} className={classes.icon}>
          <BookingKindIcon kind={booking.kind} />
        </ThemeIcon>
        <Stack gap={2} className={classes.body}>
          <Text size="xs" c="gray.8" fw={600}>
            {t(`kinds.${booking.kind}`)}
            {carrier && (
              <>
                {' · '}
                <bdi>{carrier}</bdi>
              </>
            )}
          </Text>
          <Text fw={700} className={classes.title}>
            <bdi>{booking.title}</bdi>
          </Text>
          {route.length > 0 && (
            <Text size="sm" c="gray.9" data-testid="booking-route">
              <bdi>{booking.fromName ?? '…'}</bdi>
              {booking.toName && (
                <>
                  <span aria-hidden>
                    {' '}
                    <span className={classes.arrow}>→</span>{' '}
                  </span>
                  <span className={classes.hidden}>{t('times.to')} </span>
                  <bdi>{booking.toName}</bdi>
                </>
              )}
            </Text>
          )}
          {booking.address && (
            <Text size="sm" c="gray.9">
              <bdi>{booking.address}</bdi>
            </Text>
          )}
          <TimeLine times={times} />
          {length && <LengthLine text={length} />}
          {(booking.confirmationCode || booking.costMinor !== null) && (
            <Group gap="md">
              {booking.confirmationCode && (
                <Text size="sm" data-testid="booking-code">
                  {t('line.code')}{' '}
                  <Text span ff="monospace" fw={700}>
                    <bdi>{booking.confirmationCode}</bdi>
                  </Text>
                </Text>
              )}
              {booking.costMinor !== null && booking.currency && (
                <Text size="sm" c="gray.8">
                  {formatMinorUnits(booking.costMinor, booking.currency, language)}
                </Text>
              )}
            </Group>
          )}
        </Stack>
        {actions}
      </Group>
    </Paper>
  );
}

/**
 * Bookings day by day (the wall-clock date each starts on), those without a time last, with the
 * wait between two legs that follow each other before the second. Read
 * by the trip's overview, the shared view and the bookings page (which adds `actions`).
 */
export function BookingDays({
  bookings,
  itineraryZone,
  headingOrder = 3,
  actions,
}: {
  bookings: Booking[];
  itineraryZone: string | null;
  headingOrder?: 3 | 4;
  actions?: (booking: Booking) => ReactNode;
}) {
  const { t } = useTranslation('bookings');
  const { language } = useLanguage();
  const reference = referenceZone(itineraryZone);
  const waits = useMemo(() => layovers(bookings), [bookings]);
  return (
    <Stack gap="lg" data-testid="booking-days">
      {groupByDay(bookings).map((day) => (
        <section key={day.date ?? 'undated'} aria-label={day.date ? undefined : t('days.undated')}>
          <Stack gap="xs">
            <Title order={headingOrder} size="h5" className={classes.day}>
              {day.date ? formatDayHeading(day.date, language) : t('days.undated')}
            </Title>
            <Stack component="ul" gap="xs" className={classes.list}>
              {day.bookings.map((booking) => {
                const layover = waits.get(booking.id);
                return (
                  <Fragment key={booking.id}>
                    {layover && <LayoverNote layover={layover} className={classes.layover} />}
                    <BookingLine
                      booking={booking}
                      reference={reference}
                      actions={actions?.(booking)}
                    />
                  </Fragment>
                );
              })}
            </Stack>
          </Stack>
        </section>
      ))}
    </Stack>
  );
}
