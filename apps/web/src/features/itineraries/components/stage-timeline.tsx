import type { Place } from '@jammy/shared/itineraries';
import { Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconCalendar, IconMapPin, IconTicket } from '@tabler/icons-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { formatDateRange, tripDays } from '../../../lib/format';
import type { Layover } from '../../bookings/booking-length';
import { formatDayHeading } from '../../bookings/booking-time';
import { LayoverNote } from '../../bookings/components/leg-notes';
import { TimelineBooking } from '../../bookings/components/timeline-booking';
import { mergeByTime, type BookingMoment, type LooseDay } from '../../bookings/trip-plan';
import { PlaceItem } from './place-item';
import classes from './stage-timeline.module.css';
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
function LooseDayItem({ day, bookings }: { day: LooseDay; bookings: TimelineBookings }) {
  const { t } = useTranslation('bookings');
  const { language } = useLanguage();
  return (
    <li className={classes.stage} data-loose-day={day.day ?? 'undated'}>
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

/**
 * From this many places a trip's timeline lets the browser skip laying out and painting the
 * stages out of view (`content-visibility`); they stay in the page, found and read as before.
 */
const LONG_TIMELINE_PLACES = 100;

/**
 * The stages in order, numbered, with dates, length and their places, each booking in its day
 * among them (and the days no stage holds between the stages); then loose places.
 */
export function StageTimeline({
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
  const { language, to } = useLanguage();
  const long = groups.reduce((sum, group) => sum + group.places.length, 0) >= LONG_TIMELINE_PLACES;
  return (
    <Stack gap="xl">
      {(groups.length > 0 || bookings.looseDays.size > 0) && (
        <ol className={classes.timeline} data-long={long || undefined}>
          {groups.map(({ stage, places }, index) => {
            const dates = formatDateRange(stage.startDate, stage.endDate, language);
            const days = tripDays(stage.startDate, stage.endDate);
            const country = countryName(stage.countryCode, language);
            // Arabic separates with its own comma; names typed by travellers keep their direction.
            const where = [stage.destinationName, country]
              .filter(Boolean)
              .join(language === 'ar' ? '، ' : ', ');
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
              <Fragment key={stage.id}>
                {bookings.looseDays.get(stage.id)?.map((day) => (
                  <LooseDayItem key={day.day} day={day} bookings={bookings} />
                ))}
                <li id={`trip-item-${stage.id}`} className={classes.stage} data-stage={stage.title}>
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
              </Fragment>
            );
          })}
          {bookings.looseDays.get(null)?.map((day) => (
            <LooseDayItem key={day.day ?? 'undated'} day={day} bookings={bookings} />
          ))}
        </ol>
      )}
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
}
