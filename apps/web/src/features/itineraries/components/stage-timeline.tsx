import type { Place } from '@jammy/shared/itineraries';
import { Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconCalendar, IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { formatDateRange, tripDays } from '../../../lib/format';
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

function PlaceList({
  places,
  numbers,
  selectedId,
}: {
  places: Place[];
  numbers: TripNumbers;
  selectedId: string | null;
}) {
  return (
    <ol className={classes.places}>
      {places.map((place) => (
        <PlaceItem
          key={place.id}
          place={place}
          number={numbers.places.get(place.id)}
          selected={place.id === selectedId}
        />
      ))}
    </ol>
  );
}

/**
 * From this many places a trip's timeline lets the browser skip laying out and painting the
 * stages out of view (`content-visibility`); they stay in the page, found and read as before.
 */
const LONG_TIMELINE_PLACES = 100;

/** The stages in order, numbered, with dates, length and their places; then loose places. */
export function StageTimeline({
  itineraryId,
  groups,
  loose,
  numbers,
  selectedId,
}: {
  itineraryId: string;
  groups: StageGroup[];
  loose: Place[];
  numbers: TripNumbers;
  selectedId: string | null;
}) {
  const { t } = useTranslation('itineraries');
  const { language, to } = useLanguage();
  const long = groups.reduce((sum, group) => sum + group.places.length, 0) >= LONG_TIMELINE_PLACES;
  return (
    <Stack gap="xl">
      {groups.length > 0 && (
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
            return (
              <li
                key={stage.id}
                id={`trip-item-${stage.id}`}
                className={classes.stage}
                data-stage={stage.title}
              >
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
                  {places.length > 0 ? (
                    <Paper withBorder radius="md" p={4} mt={4}>
                      <PlaceList places={places} numbers={numbers} selectedId={selectedId} />
                    </Paper>
                  ) : (
                    <Text size="sm" c="gray.7" fs="italic">
                      {t('overview.noStagePlaces')}
                    </Text>
                  )}
                </Stack>
              </li>
            );
          })}
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
              <PlaceList places={loose} numbers={numbers} selectedId={selectedId} />
            </Paper>
          </Stack>
        </section>
      )}
    </Stack>
  );
}
