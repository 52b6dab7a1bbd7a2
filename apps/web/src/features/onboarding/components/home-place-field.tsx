import { Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n/use-language';
import { MIN_SEARCH_LENGTH, useSearchPlaces } from '../../../lib/place-search';

/**
 * Where I live: typing searches the gazetteer (cities, in my language); choosing one writes
 * "City, Country". Free text is kept as typed.
 */
export function HomePlaceField({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('onboarding');
  const { language } = useLanguage();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [query] = useDebouncedValue(value, 200);
  const searching = query.trim().length >= MIN_SEARCH_LENGTH;
  const search = useSearchPlaces({ q: query, language, kind: 'city', limit: 6 });
  const items = searching ? (search.data?.items ?? []) : [];
  const labelOf = (id: string) => {
    const place = items.find((item) => item.id === id);
    return place ? `${place.name}, ${place.countryName}` : null;
  };

  return (
    <Combobox
      store={combobox}
      withinPortal={false}
      onOptionSubmit={(id) => {
        const label = labelOf(id);
        if (label) onChange(label);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <TextInput
          label={t('home.label')}
          description={t('home.hint')}
          placeholder={t('home.placeholder')}
          value={value}
          maxLength={120}
          autoComplete="off"
          size="md"
          leftSection={<IconHome size={18} aria-hidden />}
          rightSection={search.isFetching && searching ? <Loader size={16} /> : null}
          onChange={(event) => {
            onChange(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!searching || items.length === 0}>
        <Combobox.Options aria-label={t('home.results')}>
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
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
