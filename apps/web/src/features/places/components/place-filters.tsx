import { PLACE_CATEGORIES, type PlaceCategory } from '@jammy/shared/itinerary-limits';
import type { Stage } from '@jammy/shared/itineraries';
import { Button, Chip, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from '../../../i18n/react';
import { numbered, type PlaceFilters, type StageFilter } from '../lib/place-order';
import { CategoryIcon } from '../../../components/category-icon';
import classes from './places.module.css';

/** More stages than this are offered in a menu rather than as chips. */
const MAX_STAGE_CHIPS = 8;

/**
 * Filters of the map page: one stage (or all, or the places not in a stage) and any number
 * of categories (none ticked: every category). Only the categories the trip uses are offered.
 */
export function PlaceFiltersBar({
  stages,
  categoryCounts,
  filters,
  onStage,
  onCategories,
  onClear,
}: {
  stages: Stage[];
  categoryCounts: Map<PlaceCategory, number>;
  filters: PlaceFilters;
  onStage: (stage: StageFilter) => void;
  onCategories: (categories: PlaceCategory[]) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('places');
  const stageLabel = useId();
  const categoryLabel = useId();
  const categories = PLACE_CATEGORIES.filter((category) => categoryCounts.has(category));
  const active = filters.stage !== 'all' || filters.categories.length > 0;

  return (
    <Stack gap="sm">
      {stages.length > MAX_STAGE_CHIPS ? (
        // A long trip: a menu instead of a wall of chips.
        <NativeSelect
          label={t('filters.stage')}
          value={filters.stage}
          onChange={(event) => onStage(event.currentTarget.value)}
          maw={360}
          data={[
            { value: 'all', label: t('filters.allStages') },
            ...stages.map((stage, index) => ({
              value: stage.id,
              label: numbered(index + 1, stage.title),
            })),
            { value: 'none', label: t('filters.noStage') },
          ]}
        />
      ) : (
        <div role="radiogroup" aria-labelledby={stageLabel}>
          <Text id={stageLabel} size="sm" fw={700} c="ink.9" mb={6}>
            {t('filters.stage')}
          </Text>
          <Chip.Group value={filters.stage} onChange={onStage}>
            <Group gap={6}>
              <Chip value="all" name={stageLabel} variant="outline">
                {t('filters.allStages')}
              </Chip>
              {stages.map((stage, index) => (
                <Chip key={stage.id} value={stage.id} name={stageLabel} variant="outline">
                  <bdi>{numbered(index + 1, stage.title)}</bdi>
                </Chip>
              ))}
              <Chip value="none" name={stageLabel} variant="outline">
                {t('filters.noStage')}
              </Chip>
            </Group>
          </Chip.Group>
        </div>
      )}
      {categories.length > 1 && (
        <div role="group" aria-labelledby={categoryLabel}>
          <Text id={categoryLabel} size="sm" fw={700} c="ink.9" mb={6}>
            {t('filters.category')}
          </Text>
          <Chip.Group
            multiple
            value={[...filters.categories]}
            onChange={(values) =>
              onCategories(PLACE_CATEGORIES.filter((category) => values.includes(category)))
            }
          >
            <Group gap={6}>
              {categories.map((category) => (
                <Chip key={category} value={category} variant="light" color="ink">
                  <span className={classes.chipLabel}>
                    <CategoryIcon category={category} size={15} />
                    {t(`categories.${category}`)} · {categoryCounts.get(category) ?? 0}
                  </span>
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </div>
      )}
      {active && (
        <Group>
          <Button
            variant="subtle"
            color="ink"
            size="compact-sm"
            leftSection={<IconFilterOff size={16} aria-hidden />}
            onClick={onClear}
          >
            {t('filters.clear')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
