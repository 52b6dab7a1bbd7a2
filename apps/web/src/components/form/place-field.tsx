import type { GeoPlace, GeoPlaceKind } from '@jammy/shared/geo';
import {
  Combobox,
  Group,
  Loader,
  Text,
  TextInput,
  useCombobox,
  type TextInputProps,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMapPin, IconMapPinCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { useLanguage } from '../../i18n/use-language';
import { MIN_SEARCH_LENGTH, useSearchPlaces } from '../../lib/place-search';

/** A place as a form holds it: a name, and where it is once picked from the search. */
export interface PlaceValue {
  name: string;
  lat: number | null;
  lng: number | null;
  countryCode: string | null;
}

export const NO_PLACE: PlaceValue = { name: '', lat: null, lng: null, countryCode: null };

/**
 * THE place field: typing searches the gazetteer (and a geocoder when there is one) in the
 * page's language; picking a result sets the name, the coordinates and the country, and free
 * text is kept as a name only. A pin dropped on a map gives the same value (with its own
 * coordinates), so a form stores either the same way.
 */
export function PlaceField({
  id,
  name,
  label,
  description,
  locatedDescription,
  placeholder,
  value,
  onChange,
  onPicked,
  nameOf = (place) => place.name,
  kind,
  limit = 8,
  icon,
  error,
  size,
  maxLength,
  classNames,
  words,
  'data-field': dataField,
}: {
  /** The input's id and name (a form's `field(…)` gives them). */
  id?: string;
  name?: string;
  label: string;
  description?: ReactNode;
  /** What the description becomes once a result was picked ("On the map: Kyoto"). */
  locatedDescription?: (value: PlaceValue) => ReactNode;
  placeholder?: string;
  value: PlaceValue;
  onChange: (value: PlaceValue) => void;
  /** Called when a result is picked (not for typed text). */
  onPicked?: (place: GeoPlace) => void;
  /** The name a picked result writes ("Kyoto", or "Kyoto, Japan" where the country must show). */
  nameOf?: (place: GeoPlace) => string;
  kind?: GeoPlaceKind;
  limit?: number;
  icon?: ReactNode;
  error?: string | null | undefined;
  size?: string;
  maxLength?: number;
  classNames?: TextInputProps['classNames'];
  /** The list's name and its empty and failed lines, where the kit's words are too general. */
  words?: { results?: string; none?: string; failed?: string };
  'data-field'?: string;
}) {
  const { t } = useTranslation('form', { useSuspense: false });
  const { language } = useLanguage();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [query] = useDebouncedValue(value.name, 200);
  const located = value.lat !== null && value.lng !== null;
  const searching = query.trim().length >= MIN_SEARCH_LENGTH && !located;
  const search = useSearchPlaces({ q: query, language, ...(kind ? { kind } : {}), limit });
  const items = searching ? (search.data?.items ?? []) : [];

  const choose = (id: string) => {
    const place = items.find((item) => item.id === id);
    if (!place) return;
    onChange({ name: nameOf(place), lat: place.lat, lng: place.lng, countryCode: place.country });
    onPicked?.(place);
    combobox.closeDropdown();
  };

  return (
    <Combobox store={combobox} onOptionSubmit={choose} withinPortal={false}>
      <Combobox.Target>
        <TextInput
          id={id}
          name={name}
          label={label}
          classNames={classNames}
          description={located && locatedDescription ? locatedDescription(value) : description}
          placeholder={placeholder}
          value={value.name}
          error={error}
          data-field={dataField}
          autoComplete="off"
          size={size}
          maxLength={maxLength}
          leftSection={
            icon ??
            (located ? (
              <IconMapPinCheck size={18} aria-hidden color="var(--mantine-color-teal-8)" />
            ) : (
              <IconMapPin size={18} aria-hidden />
            ))
          }
          rightSection={search.isFetching && searching ? <Loader size={16} /> : null}
          onChange={(event) => {
            onChange({ ...NO_PLACE, name: event.currentTarget.value });
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!searching}>
        <Combobox.Options aria-label={words?.results ?? t('placeResults')}>
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
          {search.isError && <Combobox.Empty>{words?.failed ?? t('placeFailed')}</Combobox.Empty>}
          {!search.isError && !search.isFetching && items.length === 0 && (
            <Combobox.Empty>{words?.none ?? t('placeNone')}</Combobox.Empty>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
