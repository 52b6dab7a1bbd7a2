import { commaOf } from '@jammy/shared/languages';
import type { Place } from '@jammy/shared/itineraries';
import { Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconCalendar, IconMapPin, IconTicket } from '@tabler/icons-react';
import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { WindowList, type ItemPlace } from '../../../components/window-list';
import { useLanguage } from '../../../i18n/use-language';
import { scrollBehavior } from '../../../lib/motion';
import { formatDateRange, tripDays } from '../../../lib/format';
import {
  type Layover,
  formatDayHeading,
  LayoverNote,
  TimelineBooking,
  mergeByTime,
  type BookingMoment,
  type LooseDay,
} from '../../bookings/public';
import { PlaceItem } from './place-item';
import classes from './stage-timeline.module.css';
import { VIRTUAL_TIMELINE_PLACES, loadedVirtualList } from './long-timeline';
import type { StageGroup, TripNumbers } from './trip-points';
import { displayNames } from '../../../lib/intl';

function countryName(code: string | null, language: string): string | null {
  if (!code) return null;
  try {
    return displayNames(language, { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The trip's bookings as the timeline shows them among the stages and their places. */
export interface TimelineBookings {
  /** Each stage's booking moments, in time order. */
  byStage: Map<string, BookingMoment[]>;
  /** The days no stage holds, by the stage they come before (null: after every stage). */
  looseDays: Map<string | null, LooseDay[]>;
  /** The wait before each leg that follows another. */
  waits: Map<string, Layover>;
  /** The zone the trip is read in. */
  reference: string;
}

/** A booking at its moment, after the wait before it when it is a leg that follows another. */
function MomentItem({ moment, bookings }: { moment: BookingMoment; bookings: TimelineBookings }) {
  const layover = moment.part === 'whole' ? bookings.waits.get(moment.booking.id) : undefined;
  return (
    <>
      {layover && (
        <LayoverNote layover={layover} className={classes.layover} testId="timeline-layover" />
      )}
      <TimelineBooking
        moment={moment}
        reference={bookings.reference}
        className={classes.place}
        iconClassName={classes.noMarker}
      />
    </>
  );
}

/** A stage's places in their order, its bookings among them at their time. */
function PlaceList({
  places,
  moments = [],
  bookings,
  numbers,
  selectedId,
}: {
  places: Place[];
  moments?: BookingMoment[];
  bookings: TimelineBookings;
  numbers: TripNumbers;
  selectedId: string | null;
}) {
  return (
    <ol className={classes.places}>
      {mergeByTime(places, moments).map((entry) =>
        entry.kind === 'place' ? (
          <PlaceItem
            key={entry.place.id}
            place={entry.place}
            number={numbers.places.get(entry.place.id)}
            selected={entry.place.id === selectedId}
          />
        ) : (
          <MomentItem
            key={`${entry.moment.booking.id}:${entry.moment.part}`}
            moment={entry.moment}
            bookings={bookings}
          />
        ),
      )}
    </ol>
  );
}

/** Bookings on days no stage holds (a flight out before the first stage), as a step of the trip. */
function LooseDayItem({
  day,
  bookings,
  place,
}: {
  day: LooseDay;
  bookings: TimelineBookings;
  place?: ItemPlace;
}) {
  const { t } = useTranslation('bookings');
  const { language } = useLanguage();
  return (
    <li {...place} className={classes.stage} data-loose-day={day.day ?? 'undated'}>
      <span className={`${classes.number} ${classes.ticket}`} aria-hidden>
        <IconTicket size={16} />
      </span>
      <Stack gap={6}>
        <Title order={3} size="h5" className={classes.stageTitle}>
          {day.day ? formatDayHeading(day.day, language) : t('days.undated')}
        </Title>
        <Paper withBorder radius="md" p={4}>
          <ol className={classes.places}>
            {day.moments.map((moment) => (
              <MomentItem
                key={`${moment.booking.id}:${moment.part}`}
                moment={moment}
                bookings={bookings}
              />
            ))}
          </ol>
        </Paper>
      </Stack>
    </li>
  );
}

/** One stage of the timeline: its number, name, where and when, its places and bookings. */
function StageItem({
  itineraryId,
  group: { stage, places },
  index,
  bookings,
  numbers,
  selectedId,
  place,
}: {
  itineraryId: string;
  group: StageGroup;
  index: number;
  bookings: TimelineBookings;
  numbers: TripNumbers;
  selectedId: string | null;
  place?: ItemPlace;
}) {
  const { t } = useTranslation('itineraries');
  const { language, to } = useLanguage();
  const dates = formatDateRange(stage.startDate, stage.endDate, language);
  const days = tripDays(stage.startDate, stage.endDate);
  const country = countryName(stage.countryCode, language);
  // Arabic and CJK scripts separate with their own comma; names typed by travellers keep their
  // direction.
  const where = [stage.destinationName, country].filter(Boolean).join(commaOf(language));
  const length = days
    ? [
        t('header.days', { count: days }),
        days > 1 ? t('overview.nights', { count: days - 1 }) : null,
      ]
        .filter(Boolean)
        .join(' · ')
    : null;
  // The stage's number is the one on its marker when the maps show its destination.
  const number = numbers.stages.get(stage.id) ?? index + 1;
  const moments = bookings.byStage.get(stage.id) ?? [];
  return (
    <li {...place} id={`trip-item-${stage.id}`} className={classes.stage} data-stage={stage.title}>
      <span className={classes.number} aria-hidden>
        {number}
      </span>
      <Stack gap={6}>
        <Title order={3} size="h4" className={classes.stageTitle}>
          <VisuallyHidden>{t('overview.stageNumber', { number })}: </VisuallyHidden>
          <Link to={to(`/itinerary/${itineraryId}/stage/${stage.id}`)}>
            <bdi>{stage.title}</bdi>
          </Link>
        </Title>
        <Group gap="md" c="gray.8">
          {where && (
            <Group gap={6} wrap="nowrap">
              <IconMapPin size={15} aria-hidden style={{ flex: 'none' }} />
              <Text size="sm">{where}</Text>
            </Group>
          )}
          {dates && (
            <Group gap={4} wrap="nowrap">
              <IconCalendar size={15} aria-hidden style={{ flex: 'none' }} />
              <Text size="sm">
                {dates}
                {length ? ` · ${length}` : ''}
              </Text>
            </Group>
          )}
        </Group>
        {places.length + moments.length > 0 ? (
          <Paper withBorder radius="md" p={4} mt={4}>
            <PlaceList
              places={places}
              moments={moments}
              bookings={bookings}
              numbers={numbers}
              selectedId={selectedId}
            />
          </Paper>
        ) : (
          <Text size="sm" c="gray.7" fs="italic">
            {t('overview.noStagePlaces')}
          </Text>
        )}
      </Stack>
    </li>
  );
}

/** A step of the timeline: a day of bookings no stage holds, or a stage. */
type Entry = { kind: 'day'; day: LooseDay } | { kind: 'stage'; group: StageGroup; index: number };

/** Space between the steps of the timeline (the `gap` of `.timeline`, Mantine's "lg"). */
const STEP_GAP = 20;

/** The height a step is expected to have before it is drawn: its heading and its rows. */
function estimatedHeight(entry: Entry, bookings: TimelineBookings): number {
  const rows =
    entry.kind === 'day'
      ? entry.day.moments.length
      : entry.group.places.length + (bookings.byStage.get(entry.group.stage.id)?.length ?? 0);
  return 72 + Math.max(1, rows) * 62;
}

/**
 * The stages in order, numbered, with dates, length and their places, each booking in its day
 * among them (and the days no stage holds between the stages); then loose places.
 *
 * Drawn again only when its own props change (memo): the page around it renders again as the
 * trip's other sections arrive (the stages' tracks, the window's width), and a trip's timeline
 * is the largest part of its page, a render of its own in the task where each of those lands.
 */
export const StageTimeline = memo(function StageTimeline({
  itineraryId,
  groups,
  loose,
  bookings,
  numbers,
  selectedId,
}: {
  itineraryId: string;
  groups: StageGroup[];
  loose: Place[];
  bookings: TimelineBookings;
  numbers: TripNumbers;
  selectedId: string | null;
}) {
  const { t } = useTranslation('itineraries');
  const entries = useMemo(
    () => [
      ...groups.flatMap(({ stage, places }, index): Entry[] => [
        ...(bookings.looseDays.get(stage.id) ?? []).map((day): Entry => ({ kind: 'day', day })),
        { kind: 'stage', group: { stage, places }, index },
      ]),
      ...(bookings.looseDays.get(null) ?? []).map((day): Entry => ({ kind: 'day', day })),
    ],
    [groups, bookings],
  );
  const long =
    groups.reduce((sum, group) => sum + group.places.length, 0) >= VIRTUAL_TIMELINE_PLACES;
  // Its code already loaded (with the trip's data), the list is drawn in this render; else it
  // is loaded now, its place kept busy meanwhile. Chosen once: the list is never drawn anew.
  const [LongList] = useState(() => loadedVirtualList() ?? WindowList);
  const render = useCallback(
    (entry: Entry, place?: ItemPlace) =>
      entry.kind === 'day' ? (
        <LooseDayItem
          key={entry.day.day ?? 'undated'}
          day={entry.day}
          bookings={bookings}
          place={place}
        />
      ) : (
        <StageItem
          key={entry.group.stage.id}
          itineraryId={itineraryId}
          group={entry.group}
          index={entry.index}
          bookings={bookings}
          numbers={numbers}
          selectedId={selectedId}
          place={place}
        />
      ),
    [itineraryId, bookings, numbers, selectedId],
  );
  const renderItem = useCallback(
    (index: number, place: ItemPlace) => {
      const entry = entries[index];
      return entry ? render(entry, place) : null;
    },
    [entries, render],
  );
  // The step holding what was chosen on the map (a stage, or one of its places).
  const chosen = selectedId
    ? entries.findIndex(
        (entry) =>
          entry.kind === 'stage' &&
          (entry.group.stage.id === selectedId ||
            entry.group.places.some((place) => place.id === selectedId)),
      )
    : -1;
  useEffect(() => {
    if (!long || !selectedId) return;
    // Once its stage is drawn (the list scrolled to it), the place itself comes into view.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() =>
        document
          .getElementById(`trip-item-${selectedId}`)
          ?.scrollIntoView({ behavior: scrollBehavior(), block: 'nearest' }),
      );
    });
    return () => cancelAnimationFrame(frame);
  }, [long, selectedId]);
  return (
    <Stack gap="xl">
      {entries.length > 0 &&
        (long ? (
          <LongList
            count={entries.length}
            keyOf={(index) => {
              const entry = entries[index];
              if (!entry) return String(index);
              return entry.kind === 'day'
                ? `day:${entry.day.day ?? 'undated'}`
                : entry.group.stage.id;
            }}
            estimateSize={(index) => {
              const entry = entries[index];
              return entry ? estimatedHeight(entry, bookings) : 0;
            }}
            gap={STEP_GAP}
            revealIndex={chosen}
            renderItem={renderItem}
            listProps={{ className: classes.timeline, 'data-timeline': true }}
          />
        ) : (
          <ol className={classes.timeline} data-timeline>
            {entries.map((entry) => render(entry))}
          </ol>
        ))}
      {loose.length > 0 && (
        <section aria-labelledby="loose-places-title">
          <Stack gap="xs">
            <Title order={3} size="h4" id="loose-places-title">
              {t('overview.loose')}
            </Title>
            <Text size="sm" c="gray.8">
              {t('overview.looseText')}
            </Text>
            <Paper withBorder radius="md" p={4}>
              <PlaceList
                places={loose}
                bookings={bookings}
                numbers={numbers}
                selectedId={selectedId}
              />
            </Paper>
          </Stack>
        </section>
      )}
    </Stack>
  );
});
