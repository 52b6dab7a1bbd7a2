import type { ItineraryExport } from '@jammy/shared/exports';
import type { Place } from '@jammy/shared/itineraries';
import { Anchor, Button, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { Fragment, useCallback, useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { formatDateRange, formatDuration } from '../../../lib/format';
import {
  layovers,
  type Layover,
  LayoverNote,
  useLengthText,
  type BookingMoment,
  type LooseDay,
  type PlanEntry,
} from '../../bookings/public';
import { coverImageOf } from '../../itineraries/public';
import { PrintMap, type PrintMapState } from './print-map';
import { tripDays } from './trip-days';
import classes from './print-page.module.css';
import { dateTimeFormat } from '../../../lib/intl';

/** A booking on paper at its moment: a stay's check-in and check-out each on their day. */
function BookingLine({ moment }: { moment: BookingMoment }) {
  const { t } = useTranslation('exports');
  const { t: tb } = useTranslation('bookings');
  const length = useLengthText();
  const { booking, part } = moment;
  const route = [booking.fromName, booking.toName].filter(Boolean).join(' → ');
  const arrival = booking.endAt
    ? `${booking.endAt.replace('T', ' ')} ${booking.endZone ?? ''}`.trim()
    : null;
  const [zone, clock] =
    part === 'check-out' ? [booking.endZone, booking.endAt] : [booking.startZone, booking.startAt];
  const lasts = part === 'whole' ? length(booking) : null;
  return (
    <li
      className={classes.item}
      data-testid="print-booking"
      data-entry={`booking:${part}:${booking.title}`}
    >
      <span className={classes.time} dir="ltr">
        {clock ? clock.slice(11, 16) : t('print.allDay')}
      </span>
      <span>
        {part !== 'whole' && (
          <Text span fw={700}>
            {tb(part === 'check-in' ? 'fields.checkIn' : 'fields.checkOut')}:{' '}
          </Text>
        )}
        <Text span fw={700}>
          <bdi>{booking.title}</bdi>
        </Text>{' '}
        <Text span size="sm" c="gray.8">
          ({t(`kinds.${booking.kind}`)}
          {lasts ? ` · ${lasts}` : ''})
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
        {zone && (
          <Text size="sm" c="gray.8">
            {t('print.zone')}: <bdi dir="ltr">{zone}</bdi>
            {part === 'whole' && arrival && (
              <>
                {' · '}
                {t('print.until')} <bdi dir="ltr">{arrival}</bdi>
              </>
            )}
          </Text>
        )}
        {booking.confirmationCode && part !== 'check-out' && (
          <Text size="sm">
            {t('print.confirmation')}: <bdi dir="ltr">{booking.confirmationCode}</bdi>
          </Text>
        )}
        {booking.address && part !== 'check-out' && (
          <Text size="sm">
            <bdi>{booking.address}</bdi>
          </Text>
        )}
      </span>
    </li>
  );
}

/** A day's (or a stage's undated) bookings and places, with the wait before a leg. */
function Entries({ entries, waits }: { entries: PlanEntry<Place>[]; waits: Map<string, Layover> }) {
  return (
    <ul className={classes.items}>
      {entries.map((entry) => {
        if (entry.kind === 'place') return <PlaceLine key={entry.place.id} place={entry.place} />;
        const { moment } = entry;
        const layover = moment.part === 'whole' ? waits.get(moment.booking.id) : undefined;
        return (
          <Fragment key={`${moment.booking.id}:${moment.part}`}>
            {layover && (
              <LayoverNote layover={layover} className={classes.layover} testId="print-layover" />
            )}
            <BookingLine moment={moment} />
          </Fragment>
        );
      })}
    </ul>
  );
}

/** Days no stage holds, between the stages, each with its bookings. */
function LooseDays({
  days,
  waits,
  formatDay,
}: {
  days: LooseDay[];
  waits: Map<string, Layover>;
  formatDay: (date: string) => string;
}) {
  if (days.length === 0) return null;
  return (
    <section className={classes.stage}>
      {days.map((day) => (
        <div
          key={day.day}
          className={classes.day}
          data-testid="print-day"
          data-date={day.day ?? undefined}
        >
          <Title order={2} size="h4">
            {day.day ? formatDay(day.day) : null}
          </Title>
          <Entries
            entries={day.moments.map((moment) => ({ kind: 'booking', moment }))}
            waits={waits}
          />
        </div>
      ))}
    </section>
  );
}

function PlaceLine({ place }: { place: Place }) {
  const { t } = useTranslation('itineraries');
  const { language } = useLanguage();
  return (
    <li className={classes.item} data-testid="print-place" data-entry={`place:${place.name}`}>
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
  const { stages, laterDays, otherBookings, loosePlaces } = useMemo(() => tripDays(trip), [trip]);
  const waits = useMemo(() => layovers(trip.bookings), [trip.bookings]);
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

      {stages.map(({ stage, days, undated, before }, index) => (
        <Fragment key={stage.id}>
          <LooseDays days={before} waits={waits} formatDay={formatDay} />
          <section
            className={classes.stage}
            aria-labelledby={`stage-${stage.id}`}
            data-stage={stage.title}
          >
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
              <div
                key={day.date}
                className={classes.day}
                data-testid="print-day"
                data-date={day.date}
              >
                <Title order={3} size="h4">
                  {formatDay(day.date)}
                </Title>
                {day.entries.length === 0 ? (
                  <Text size="sm" c="gray.8">
                    {t('print.freeDay')}
                  </Text>
                ) : (
                  <Entries entries={day.entries} waits={waits} />
                )}
              </div>
            ))}
            {undated.length > 0 && (
              <div className={classes.day}>
                <Title order={3} size="h4">
                  {t('print.anyDay')}
                </Title>
                <Entries entries={undated} waits={waits} />
              </div>
            )}
          </section>
        </Fragment>
      ))}

      <LooseDays days={laterDays} waits={waits} formatDay={formatDay} />

      {(otherBookings.length > 0 || loosePlaces.length > 0) && (
        <section className={classes.stage} aria-labelledby="print-other">
          <Title order={2} id="print-other">
            {t('print.other')}
          </Title>
          <ul className={classes.items}>
            {otherBookings.map((booking) => (
              <BookingLine
                key={booking.id}
                moment={{ booking, part: 'whole', day: null, time: null }}
              />
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
