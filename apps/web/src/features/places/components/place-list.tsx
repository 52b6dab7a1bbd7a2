import { Badge, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconMapPinOff } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n/use-language';
import { formatDateRange } from '../../../lib/format';
import { hasCoordinates, type NumberedPlace, type PlaceGroup } from '../place-order';
import { CategoryIcon } from '../../itineraries/components/category-icon';
import classes from './places.module.css';

function PlaceRow({
  entry,
  selected,
  onSelect,
}: {
  entry: NumberedPlace;
  selected: boolean;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation('places');
  const { place, number } = entry;
  const onMap = hasCoordinates(place);
  return (
    <li>
      <UnstyledButton
        className={classes.row}
        data-place-id={place.id}
        aria-pressed={selected}
        onClick={() => onSelect(place.id)}
      >
        <span className={classes.number} data-off-map={!onMap || undefined}>
          {number}
        </span>
        <Stack gap={2} className={classes.rowText}>
          <Text fw={700} size="sm" className={classes.name} data-name>
            <bdi>{place.name}</bdi>
          </Text>
          <Group gap={6} c="gray.8" wrap="nowrap">
            <CategoryIcon category={place.category} size={14} />
            <Text size="xs" c="gray.8">
              {t(`categories.${place.category}`)}
            </Text>
          </Group>
          {place.address && (
            <Text size="xs" c="gray.7" lineClamp={1}>
              <bdi>{place.address}</bdi>
            </Text>
          )}
          {!onMap && (
            <Group gap={4} c="gray.8" wrap="nowrap">
              <IconMapPinOff size={14} aria-hidden />
              <Text size="xs" c="gray.8">
                {t('list.notOnMap')}
              </Text>
            </Group>
          )}
        </Stack>
      </UnstyledButton>
    </li>
  );
}

/**
 * The places beside the map (below it on a phone), grouped by stage in trip order. Choosing
 * one highlights its marker; choosing a marker highlights and reveals its row here.
 */
export function PlaceList({
  groups,
  selectedId,
  onSelect,
  maxHeight,
}: {
  groups: PlaceGroup[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  maxHeight?: number;
}) {
  const { t } = useTranslation('places');
  const { language } = useLanguage();
  const scroller = useRef<HTMLDivElement>(null);

  // Reveal the chosen row inside the list only (never scrolls the page away from the map).
  useEffect(() => {
    const container = scroller.current;
    if (!container || !selectedId || container.scrollHeight <= container.clientHeight) return;
    const row = container.querySelector<HTMLElement>(`[data-place-id="${selectedId}"]`);
    if (!row) return;
    const top = row.offsetTop - container.offsetTop;
    if (top < container.scrollTop) container.scrollTop = top - 8;
    else if (top + row.offsetHeight > container.scrollTop + container.clientHeight)
      container.scrollTop = top + row.offsetHeight - container.clientHeight + 8;
  }, [selectedId]);

  return (
    <div ref={scroller} className={classes.list} style={{ maxHeight }}>
      <Stack gap="lg">
        {groups.map((group) => {
          const dates = group.stage
            ? formatDateRange(group.stage.startDate, group.stage.endDate, language)
            : null;
          return (
            <section key={group.stage?.id ?? 'none'}>
              <Group justify="space-between" gap="xs" mb={8} wrap="nowrap">
                <div>
                  <Title order={3} size="h5">
                    <bdi>{group.stage?.title ?? t('list.noStage')}</bdi>
                  </Title>
                  {dates && (
                    <Text size="xs" c="gray.7">
                      {dates}
                    </Text>
                  )}
                </div>
                <Badge variant="light" color="gray" c="gray.8" style={{ flex: 'none' }}>
                  {t('list.count', { count: group.places.length })}
                </Badge>
              </Group>
              <ul className={classes.rows}>
                {group.places.map((entry) => (
                  <PlaceRow
                    key={entry.place.id}
                    entry={entry}
                    selected={entry.place.id === selectedId}
                    onSelect={onSelect}
                  />
                ))}
              </ul>
            </section>
          );
        })}
      </Stack>
    </div>
  );
}
