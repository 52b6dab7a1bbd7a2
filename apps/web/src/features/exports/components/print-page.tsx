import type { Booking } from '@jammy/shared/bookings';
import type { ItineraryExport } from '@jammy/shared/exports';
import type { Place } from '@jammy/shared/itineraries';
import { Anchor, Button, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { formatDateRange, formatDuration } from '../../../lib/format';
import { coverImageOf } from '../../itineraries/components/itinerary-cover';
import { PrintMap, type PrintMapState } from './print-map';
import { tripDays } from './trip-days';
import classes from './print-page.module.css';
import { dateTimeFormat } from '../../../lib/intl';

function BookingLine({ booking }: { booking: Booking }) {
  const { t } = useTranslation('exports');
  const route = [booking.fromName, booking.toName].filter(Boolean).join(' → ');
  const arrival = booking.endAt
    ? `${booking.endAt.replace('T', ' ')} ${booking.endZone ?? ''}`.trim()
    : null;
  return (
    <li className={classes.item} data-testid="print-booking">
      <span className={classes.time} dir="ltr">
        {booking.startDate ? t('print.allDay') : (booking.startAt?.slice(11, 16) ?? '')}
      </span>
      <span>
        <Text span fw={700}>
          <bdi>{booking.title}</bdi>
        </Text>{' '}
        <Text span size="sm" c="gray.8">
          ({t(`kinds.${booking.kind}`)})
        </Text>
        {(booking.carrier || booking.number) && (
          <Text size="sm">
            <bdi>{[booking.carrier, booking.number].filter(Boolean).join(' ')}</bdi>
          </Text>
        )}
        {route && (
          <Text size="sm">
            <bdi>{route}</bdi>
          </Text>
        )}
        {booking.startZone && (
          <Text size="sm" c="gray.8">
            {t('print.zone')}: <bdi dir="ltr">{booking.startZone}</bdi>
            {arrival && (
              <>
                {' · '}
                {t('print.until')} <bdi dir="ltr">{arrival}</bdi>
              </>
            )}
          </Text>
        )}
        {booking.confirmationCode && (
          <Text size="sm">
            {t('print.confirmation')}: <bdi dir="ltr">{booking.confirmationCode}</bdi>
          </Text>
        )}
        {booking.address && (
          <Text size="sm">
            <bdi>{booking.address}</bdi>
          </Text>
        )}
      </span>
    </li>
  );
}

function PlaceLine({ place }: { place: Place }) {
  const { t } = useTranslation('itineraries');
  const { language } = useLanguage();
  return (
    <li className={classes.item} data-testid="print-place">
      <span className={classes.time} dir="ltr">
        {place.time ?? ''}
      </span>
      <span>
        <Text span fw={600}>
          <bdi>{place.name}</bdi>
        </Text>{' '}
        <Text span size="sm" c="gray.8">
          ({t(`category.${place.category}`)}
          {place.durationMinutes ? ` · ${formatDuration(place.durationMinutes, language)}` : ''})
        </Text>
        {place.address && (
          <Text size="sm">
            <bdi>{place.address}</bdi>
          </Text>
        )}
        {place.notes && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} dir="auto">
            {place.notes}
          </Text>
        )}
      </span>
    </li>
  );
}

/**
 * The trip on paper: a cover (title, dates, picture), then day by day each stage with its
 * bookings and places, the notes, and the lists as checkboxes. The toolbar is not printed.
 * The cover's map is a picture: printing waits until it is drawn, so no half-loaded map prints.
 */
export function PrintPage({ trip }: { trip: ItineraryExport }) {
  const { t } = useTranslation('exports');
  const { language, to } = useLanguage();
  const { itinerary } = trip;
  const cover = coverImageOf(itinerary, 'medium');
  const dates = formatDateRange(itinerary.startDate, itinerary.endDate, language);
  const dayFormat = dateTimeFormat(language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const formatDay = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));
  const { stages, otherBookings, loosePlaces } = tripDays(trip);
  const notes = trip.notes.filter((note) => note.title || note.body);
  const [mapState, setMapState] = useState<PrintMapState>('drawing');
  const onMapState = useCallback((state: PrintMapState) => setMapState(state), []);
  const preparing = mapState === 'drawing';

  return (
    <article className={classes.page} aria-labelledby="print-title">
      <div className={classes.toolbar}>
        <Anchor component={Link} to={to(`/itinerary/${itinerary.id}`)} size="sm">
          <IconArrowLeft size={16} aria-hidden style={{ verticalAlign: 'middle' }} />{' '}
          {t('print.back')}
        </Anchor>
        <Button
          leftSection={<IconPrinter size={18} aria-hidden />}
          onClick={() => window.print()}
          disabled={preparing}
          data-testid="print-button"
        >
          {preparing ? t('print.preparing') : t('print.button')}
        </Button>
      </div>

      <header className={classes.cover}>
        {cover && <img src={cover} alt="" className={classes.coverImage} />}
        <Title order={1} id="print-title">
          <bdi>{itinerary.title}</bdi>
        </Title>
        {dates && <Text fw={600}>{dates}</Text>}
        {itinerary.description && (
          <Text style={{ whiteSpace: 'pre-wrap' }} dir="auto">
            {itinerary.description}
          </Text>
        )}
        <Text size="sm" c="gray.8">
          {[
            t('print.stages', { count: trip.stages.length }),
            t('print.places', { count: trip.places.length }),
            t('print.bookings', { count: trip.bookings.length }),
          ].join(' · ')}
        </Text>
        <PrintMap tree={trip} onState={onMapState} />
      </header>

      {stages.map(({ stage, days, undated }, index) => (
        <section key={stage.id} className={classes.stage} aria-labelledby={`stage-${stage.id}`}>
          <Title order={2} id={`stage-${stage.id}`}>
            {t('print.stage', { number: index + 1 })}: <bdi>{stage.title}</bdi>
          </Title>
          <Text c="gray.8">
            {[stage.destinationName, formatDateRange(stage.startDate, stage.endDate, language)]
              .filter(Boolean)
              .map((part, partIndex) => (
                <span key={partIndex}>
                  {partIndex > 0 && ' · '}
                  <bdi>{part}</bdi>
                </span>
              ))}
          </Text>
          {stage.notes && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} dir="auto">
              {stage.notes}
            </Text>
          )}
          {days.map((day) => (
            <div key={day.date} className={classes.day}>
              <Title order={3} size="h4">
                {formatDay(day.date)}
              </Title>
              {day.bookings.length + day.places.length === 0 ? (
                <Text size="sm" c="gray.8">
                  {t('print.freeDay')}
                </Text>
              ) : (
                <ul className={classes.items}>
                  {day.bookings.map((booking) => (
                    <BookingLine key={booking.id} booking={booking} />
                  ))}
                  {day.places.map((place) => (
                    <PlaceLine key={place.id} place={place} />
                  ))}
                </ul>
              )}
            </div>
          ))}
          {undated.length > 0 && (
            <div className={classes.day}>
              <Title order={3} size="h4">
                {t('print.anyDay')}
              </Title>
              <ul className={classes.items}>
                {undated.map((place) => (
                  <PlaceLine key={place.id} place={place} />
                ))}
              </ul>
            </div>
          )}
        </section>
      ))}

      {(otherBookings.length > 0 || loosePlaces.length > 0) && (
        <section className={classes.stage} aria-labelledby="print-other">
          <Title order={2} id="print-other">
            {t('print.other')}
          </Title>
          <ul className={classes.items}>
            {otherBookings.map((booking) => (
              <BookingLine key={booking.id} booking={booking} />
            ))}
            {loosePlaces.map((place) => (
              <PlaceLine key={place.id} place={place} />
            ))}
          </ul>
        </section>
      )}

      {notes.length > 0 && (
        <section className={classes.stage} aria-labelledby="print-notes">
          <Title order={2} id="print-notes">
            {t('print.notes')}
          </Title>
          {notes.map((note) => (
            <div key={note.id} className={classes.day}>
              {note.title && (
                <Title order={3} size="h4">
                  <bdi>{note.title}</bdi>
                </Title>
              )}
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} dir="auto">
                {note.body}
              </Text>
            </div>
          ))}
        </section>
      )}

      {trip.lists.map((list) => (
        <section key={list.id} className={classes.stage} aria-labelledby={`list-${list.id}`}>
          <Title order={2} id={`list-${list.id}`}>
            <bdi>{list.title}</bdi>
          </Title>
          <ul className={classes.checklist}>
            {list.items.map((item) => (
              <li key={item.id}>
                <label>
                  <input type="checkbox" defaultChecked={item.checked} />
                  <bdi>{item.text}</bdi>
                </label>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </article>
  );
}
