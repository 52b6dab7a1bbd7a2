import type { GeoPlace } from '@jammy/shared/geo';
import {
  Button,
  Checkbox,
  Loader,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMapPin, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useLanguage } from '../../../i18n/use-language';
import { MIN_SEARCH_LENGTH, usePointsOfInterest, useSearchPlaces } from '../../../lib/place-search';
import { toProblem } from '../lib/problem';
import { ProblemAlert } from './problem-alert';
import classes from './stages.module.css';

/**
 * Searches places by name and lets the traveller tick several. It says what it searches: only
 * cities and towns unless the server has a geocoder for points of interest; anything else is
 * added by dropping a pin (`onDropPin` leads there).
 */
export function PlaceSearchPicker({
  pickedKeys,
  onToggle,
  onDropPin,
}: {
  pickedKeys: ReadonlySet<string>;
  onToggle: (place: GeoPlace, picked: boolean) => void;
  onDropPin: () => void;
}) {
  const { t } = useTranslation('stages');
  const { language } = useLanguage();
  const pointsOfInterest = usePointsOfInterest();
  // The words depend on what the search can find: never promise sights it cannot.
  const words = pointsOfInterest
    ? { label: 'searchLabel', hint: 'searchHint', placeholder: 'searchPlaceholder' }
    : {
        label: 'searchLabelCities',
        hint: 'searchHintCities',
        placeholder: 'searchPlaceholderCities',
      };
  const [text, setText] = useState('');
  const [query] = useDebouncedValue(text, 250);
  const active = query.trim().length >= MIN_SEARCH_LENGTH;
  const search = useSearchPlaces({ q: query, language, limit: 8 });
  const items = active ? (search.data?.items ?? []) : [];

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('addPlaces.searchTitle')}
        </Title>
        <TextInput
          type="search"
          label={t(`addPlaces.${words.label}`)}
          classNames={{ description: classes.description }}
          description={t(`addPlaces.${words.hint}`)}
          placeholder={t(`addPlaces.${words.placeholder}`)}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          leftSection={<IconSearch size={18} aria-hidden />}
          rightSection={active && search.isFetching ? <Loader size={16} /> : null}
          autoComplete="off"
        />
        {active && search.isError && <ProblemAlert problem={toProblem(search.error)} />}
        {active && search.isPending && (
          <Stack gap="xs" aria-busy="true">
            <Skeleton height={44} />
            <Skeleton height={44} />
          </Stack>
        )}
        {active && search.isSuccess && (
          <Text size="sm" c="gray.8" role="status">
            {items.length === 0 && !pointsOfInterest
              ? t('addPlaces.noTownFound')
              : t('addPlaces.resultCount', { count: items.length })}
          </Text>
        )}
        {items.length > 0 && (
          <ul className={classes.results} aria-label={t('addPlaces.results')}>
            {items.map((item) => {
              const checked = pickedKeys.has(item.id);
              return (
                <li key={item.id} className={classes.result} data-checked={checked || undefined}>
                  <Checkbox
                    checked={checked}
                    onChange={(event) => onToggle(item, event.currentTarget.checked)}
                    label={
                      <Text span fw={600}>
                        {item.name}
                      </Text>
                    }
                    classNames={{ description: classes.description }}
                    description={[
                      item.kind === 'poi' && item.admin ? item.admin : null,
                      item.countryName,
                      t(`categories.${item.category}`),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  />
                </li>
              );
            })}
          </ul>
        )}
        {search.data?.attribution && active && (
          <Text size="xs" c="gray.7">
            {search.data.attribution}
          </Text>
        )}
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconMapPin size={16} aria-hidden />}
          onClick={onDropPin}
          // A long label ("Stattdessen eine Markierung auf der Karte setzen") wraps on a phone.
          h="auto"
          mih={26}
          py={3}
          maw="100%"
          styles={{ label: { whiteSpace: 'normal', textAlign: 'start' } }}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('addPlaces.dropPinInstead')}
        </Button>
      </Stack>
    </Paper>
  );
}
