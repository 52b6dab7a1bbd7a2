import type { Place } from '@jammy/shared/itineraries';
import {
  ActionIcon,
  Anchor,
  Badge,
  Group,
  Paper,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import {
  IconCalendarTime,
  IconClock,
  IconExternalLink,
  IconMapPin,
  IconMapPinOff,
  IconPencil,
  IconReceipt,
  IconTrash,
} from '@tabler/icons-react';
import { lazy, memo, Suspense, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useLanguage } from '../../../i18n/use-language';
import { formatDuration, formatMinorUnits } from '../../../lib/format';
import { isSaved } from '../lib/move';
import classes from './stages.module.css';
import { dateTimeFormat } from '../../../lib/intl';

const RowTooltips = lazy(async () => ({ default: (await import('./row-tooltips')).RowTooltips }));

function formatDay(day: string, language: string): string {
  return dateTimeFormat(language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

function formatTime(time: string, language: string): string {
  const [hours, minutes] = time.split(':').map(Number);
  return dateTimeFormat(language, {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(2000, 0, 1, hours ?? 0, minutes ?? 0)));
}

/**
 * One place of the stage: its number (as on the map), name, category, when, cost, notes. It
 * draws again only when its props change (the page keeps its functions the same).
 */
export const PlaceRow = memo(function PlaceRow({
  place,
  index,
  selected,
  onSelect,
  controls,
  canEdit,
  onEdit,
  onDelete,
}: {
  place: Place;
  index: number;
  selected: boolean;
  onSelect: (place: Place) => void;
  controls: ReactNode;
  canEdit: boolean;
  onEdit: (place: Place) => void;
  onDelete: (place: Place) => void;
}) {
  const { t } = useTranslation('stages');
  const { language } = useLanguage();
  const located = place.lat !== null && place.lng !== null;
  const when = [
    place.day ? formatDay(place.day, language) : null,
    place.time ? formatTime(place.time, language) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  const saved = isSaved(place.id);
  // The buttons' tooltips (each a floating element with its own portal, and their code) come
  // once the pointer first comes over the row, before it can reach a button: a page of many
  // places does not make them all while it loads. They point at the buttons, which stay as
  // they are.
  const [pointerCame, setPointerCame] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const title = (
    <Text fw={700} size="lg" lh={1.3} component="span">
      <span className={classes.srOnly}>{t('places.number', { number: index + 1 })} </span>
      <bdi>{place.name}</bdi>
    </Text>
  );

  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      className={classes.card}
      data-selected={selected || undefined}
      data-place-id={place.id}
      onPointerEnter={pointerCame ? undefined : () => setPointerCame(true)}
    >
      <Stack gap="xs">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <span className={`${classes.number} ${located ? '' : classes.numberMuted}`} aria-hidden>
            {index + 1}
          </span>
          <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
            <Group gap="xs" wrap="wrap">
              {located ? (
                <UnstyledButton
                  onClick={() => onSelect(place)}
                  aria-pressed={selected}
                  className={classes.cardTitle}
                >
                  {title}
                </UnstyledButton>
              ) : (
                title
              )}
              <Badge variant="light" color="ink" size="sm">
                {t(`categories.${place.category}`)}
              </Badge>
            </Group>
            <div className={classes.meta}>
              {when && (
                <span className={classes.metaItem}>
                  <IconCalendarTime size={15} aria-hidden />
                  {when}
                </span>
              )}
              {place.durationMinutes !== null && (
                <span className={classes.metaItem}>
                  <IconClock size={15} aria-hidden />
                  {formatDuration(place.durationMinutes, language)}
                </span>
              )}
              {place.costMinor !== null && place.currency && (
                <span className={classes.metaItem} data-testid="place-cost">
                  <IconReceipt size={15} aria-hidden />
                  {formatMinorUnits(place.costMinor, place.currency, language)}
                </span>
              )}
              {place.address && (
                <span className={classes.metaItem}>
                  <IconMapPin size={15} aria-hidden />
                  <bdi>{place.address}</bdi>
                </span>
              )}
              {!located && (
                <span className={classes.metaItem}>
                  <IconMapPinOff size={15} aria-hidden />
                  {t('places.notOnMap')}
                </span>
              )}
              {place.url && (
                <Anchor
                  href={place.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  size="sm"
                  className={classes.metaItem}
                >
                  <IconExternalLink size={15} aria-hidden />
                  {t('places.website')}
                </Anchor>
              )}
            </div>
            {place.notes && (
              <Text size="sm" c="gray.8" lineClamp={3} className={classes.notes} dir="auto">
                {place.notes}
              </Text>
            )}
          </Stack>
        </Group>
        {canEdit && saved && (
          <Group justify="space-between" gap="xs" wrap="nowrap">
            {controls ?? <span />}
            <Group gap={2} wrap="nowrap">
              <ActionIcon
                ref={editButton}
                variant="subtle"
                color="ink"
                size="lg"
                aria-label={t('places.editNamed', { name: place.name })}
                onClick={() => onEdit(place)}
              >
                <IconPencil size={18} aria-hidden />
              </ActionIcon>
              <ActionIcon
                ref={deleteButton}
                variant="subtle"
                color="red.8"
                size="lg"
                aria-label={t('places.deleteNamed', { name: place.name })}
                onClick={() => onDelete(place)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
              {pointerCame && (
                <Suspense fallback={null}>
                  <RowTooltips
                    tooltips={[
                      { target: editButton, label: t('places.edit') },
                      { target: deleteButton, label: t('places.delete') },
                    ]}
                  />
                </Suspense>
              )}
            </Group>
          </Group>
        )}
      </Stack>
    </Paper>
  );
});
