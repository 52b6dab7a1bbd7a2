import { INTERESTS } from '@jammy/shared/interests-plain';
import { REGIONS } from '@jammy/shared/presets-plain';
import { Chip, Group, NativeSelect, Switch, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { TRIP_LENGTH_IDS, type PresetFilters } from '../lib/filters';
import { InterestIcon } from './interest-icon';
import classes from './presets.module.css';

/** Filters of /jammy-itineraries: interest (chips), region and trip length (selects). */
export function PresetFiltersBar({
  filters,
  onChange,
  isAdmin,
}: {
  filters: PresetFilters;
  onChange: (next: PresetFilters) => void;
  isAdmin: boolean;
}) {
  const { t } = useTranslation('presets');
  return (
    <form
      role="search"
      aria-label={t('filters.label')}
      onSubmit={(event) => event.preventDefault()}
    >
      <Text id="interest-filter" size="sm" fw={600} mb={4}>
        {t('filters.interest')}
      </Text>
      <Chip.Group
        multiple={false}
        value={filters.interest ?? 'any'}
        onChange={(value) =>
          onChange({
            ...filters,
            interest: INTERESTS.find((interest) => interest.id === value)?.id ?? null,
          })
        }
      >
        <div className={classes.interestRow} role="radiogroup" aria-labelledby="interest-filter">
          <Chip value="any" variant="outline" color="jam" radius="xl">
            {t('filters.anyInterest')}
          </Chip>
          {INTERESTS.map(({ id }) => (
            <Chip
              key={id}
              value={id}
              variant="outline"
              color="jam"
              radius="xl"
              icon={<InterestIcon interest={id} size={14} />}
            >
              {t(`interests.${id}`)}
            </Chip>
          ))}
        </div>
      </Chip.Group>
      <div className={classes.filters}>
        <NativeSelect
          label={t('filters.region')}
          value={filters.region ?? ''}
          onChange={(event) =>
            onChange({
              ...filters,
              region: REGIONS.find((region) => region === event.currentTarget.value) ?? null,
            })
          }
          data={[
            { value: '', label: t('filters.anyRegion') },
            ...REGIONS.map((region) => ({ value: region, label: t(`regions.${region}`) })),
          ]}
        />
        <NativeSelect
          label={t('filters.length')}
          value={filters.length ?? ''}
          onChange={(event) =>
            onChange({
              ...filters,
              length:
                TRIP_LENGTH_IDS.find((length) => length === event.currentTarget.value) ?? null,
            })
          }
          data={[
            { value: '', label: t('filters.anyLength') },
            ...TRIP_LENGTH_IDS.map((length) => ({ value: length, label: t(`lengths.${length}`) })),
          ]}
        />
        {isAdmin && (
          <Group h={36} align="center">
            <Switch
              label={t('filters.includeUnpublished')}
              checked={filters.all}
              onChange={(event) => onChange({ ...filters, all: event.currentTarget.checked })}
            />
          </Group>
        )}
      </div>
    </form>
  );
}
