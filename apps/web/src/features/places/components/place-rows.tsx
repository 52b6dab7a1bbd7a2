import { Badge, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconMapPinOff } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useLanguage } from '../../../i18n/use-language';
import { formatDateRange } from '../../../lib/format';
import { CategoryIcon } from '../../../components/category-icon';
import { hasCoordinates, type NumberedPlace, type PlaceGroup } from '../lib/place-order';
import classes from './places.module.css';

/** What a list of places is given: its groups, the chosen place, and its height on a wide screen. */
export interface PlaceListProps {
  groups: PlaceGroup[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  maxHeight?: number;
}

export interface PlaceButtonProps {
  entry: NumberedPlace;
  selected: boolean;
  onSelect: (id: string) => void;
}

/**
 * A place of the list: its number, name, category and address; choosing it selects it. Drawn
 * again only when its place, its selection or its handler changes (a long list scrolls by
 * drawing the rows that come into view, not all those already there).
 */
export const PlaceButton = memo(function PlaceButton({
  entry,
  selected,
  onSelect,
}: PlaceButtonProps) {
  const { t } = useTranslation('places');
  const { place, number } = entry;
  const onMap = hasCoordinates(place);
  return (
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
  );
});

/** A stage's heading in the list: its title, dates and count of places. */
export const GroupHeading = memo(function GroupHeading({ group }: { group: PlaceGroup }) {
  const { t } = useTranslation('places');
  const { language } = useLanguage();
  const dates = group.stage
    ? formatDateRange(group.stage.startDate, group.stage.endDate, language)
    : null;
  return (
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
  );
});
