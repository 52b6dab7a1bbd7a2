import type { Place } from '@jammy/shared/itineraries';
import { Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { useLanguage } from '../../../i18n/use-language';
import { formatDuration, formatMinorUnits } from '../../../lib/format';
import { CategoryIcon } from '../../../components/category-icon';
import classes from './stage-timeline.module.css';
import { dateTimeFormat } from '../../../lib/intl';

function formatTime(time: string, language: string): string {
  return dateTimeFormat(language, {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(new Date(`1970-01-01T${time}:00Z`));
}

function formatDay(day: string, language: string): string {
  return dateTimeFormat(language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/** One place of the trip: its marker number, name, category, when, how long and its cost. */
export function PlaceItem({
  place,
  number,
  selected,
}: {
  place: Place;
  number: number | undefined;
  selected: boolean;
}) {
  const { t } = useTranslation('itineraries');
  const { language } = useLanguage();
  const when = [
    place.day ? formatDay(place.day, language) : null,
    place.time ? formatTime(place.time, language) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <li
      id={`trip-item-${place.id}`}
      className={`${classes.place} ${selected ? classes.selected : ''}`}
      data-place={place.name}
      data-entry={`place:${place.name}`}
    >
      {number === undefined ? (
        <span className={classes.noMarker}>
          <CategoryIcon category={place.category} />
        </span>
      ) : (
        <span
          className={classes.marker}
          title={t(
            place.lat !== null && place.lng !== null
              ? 'overview.markerNumber'
              : 'overview.notOnMap',
            { number },
          )}
        >
          <span aria-hidden>{number}</span>
        </span>
      )}
      <div style={{ minWidth: 0, flex: 1 }}>
        <Text fw={600} size="sm">
          <bdi>{place.name}</bdi>
        </Text>
        <div className={classes.meta}>
          <Text size="xs" c="gray.8" component="span">
            {number !== undefined && (
              <span style={{ verticalAlign: '-3px', marginInlineEnd: 4 }}>
                <CategoryIcon category={place.category} size={14} />
              </span>
            )}
            {t(`category.${place.category}`)}
          </Text>
          {when && (
            <Text size="xs" c="gray.8" component="span">
              {when}
            </Text>
          )}
          {place.durationMinutes !== null && place.durationMinutes > 0 && (
            <Text size="xs" c="gray.8" component="span">
              {formatDuration(place.durationMinutes, language)}
            </Text>
          )}
          {place.costMinor !== null && place.currency && (
            <Text size="xs" c="ink.9" fw={600} component="span">
              {formatMinorUnits(place.costMinor, place.currency, language)}
            </Text>
          )}
        </div>
      </div>
    </li>
  );
}
