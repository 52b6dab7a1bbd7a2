import type { GeoPlace } from '@jammy/shared/geo';
import { Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMapPin, IconMapPinCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n/use-language';
import { destinationLabel } from '../lib/country';
import { MIN_SEARCH_LENGTH, useSearchPlaces } from '../../../lib/place-search';
import classes from './stages.module.css';

/** A stage's destination: a name, and where it is when it was picked from the gazetteer. */
export interface Destination {
  name: string;
  lat: number | null;
  lng: number | null;
  countryCode: string | null;
}

export const NO_DESTINATION: Destination = { name: '', lat: null, lng: null, countryCode: null };

/**
 * A city search box (offline gazetteer): typing lists matching cities with their country;
 * choosing one sets the name, coordinates and country. Free text is kept as a name only.
 */
export function DestinationCombobox({
  value,
  onChange,
  onPicked,
  error,
  label,
  hint,
}: {
  value: Destination;
  onChange: (destination: Destination) => void;
  /** Called when a city is chosen from the list (not for typed text). */
  onPicked?: (place: GeoPlace) => void;
  error?: string | null;
  /** Another label than "Destination" (a booking's "From" and "To"). */
  label?: string;
  /** Another hint than placing a stage on the map. */
  hint?: string;
}) {
  const { t } = useTranslation('stages');
  const { language } = useLanguage();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [query] = useDebouncedValue(value.name, 200);
  const searching = query.trim().length >= MIN_SEARCH_LENGTH && value.lat === null;
  const search = useSearchPlaces({ q: query, language, kind: 'city', limit: 8 });
  const items = searching ? (search.data?.items ?? []) : [];
  const located = value.lat !== null && value.lng !== null;

  const choose = (id: string) => {
    const place = items.find((item) => item.id === id);
    if (!place) return;
    onChange({ name: place.name, lat: place.lat, lng: place.lng, countryCode: place.country });
    onPicked?.(place);
    combobox.closeDropdown();
  };

  return (
    <Combobox store={combobox} onOptionSubmit={choose} withinPortal={false}>
      <Combobox.Target>
        <TextInput
          label={label ?? t('fields.destination')}
          classNames={{ description: classes.description }}
          description={
            located
              ? t('destination.located', {
                  name: destinationLabel(value.name, value.countryCode, language),
                })
              : (hint ?? t('destination.hint'))
          }
          placeholder={t('destination.placeholder')}
          value={value.name}
          error={error}
          data-field="destination"
          autoComplete="off"
          leftSection={
            located ? (
              <IconMapPinCheck size={18} aria-hidden color="var(--mantine-color-teal-8)" />
            ) : (
              <IconMapPin size={18} aria-hidden />
            )
          }
          rightSection={search.isFetching && searching ? <Loader size={16} /> : null}
          onChange={(event) => {
            onChange({ ...NO_DESTINATION, name: event.currentTarget.value });
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!searching}>
        <Combobox.Options aria-label={t('destination.results')}>
          {items.map((item) => (
            <Combobox.Option value={item.id} key={item.id}>
              <Group gap={6} wrap="nowrap" justify="space-between">
                <Text size="sm" fw={600}>
                  {item.name}
                </Text>
                <Text size="xs" c="gray.7">
                  {item.countryName}
                </Text>
              </Group>
            </Combobox.Option>
          ))}
          {search.isError && <Combobox.Empty>{t('destination.failed')}</Combobox.Empty>}
          {!search.isError && !search.isFetching && items.length === 0 && (
            <Combobox.Empty>{t('destination.none')}</Combobox.Empty>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
