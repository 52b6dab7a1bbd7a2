import type { GeoPlace } from '@jammy/shared/geo';
import { Checkbox, Loader, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n/use-language';
import { MIN_SEARCH_LENGTH, useSearchPlaces } from '../api/search-places';
import { toProblem } from '../lib/problem';
import { ProblemAlert } from './problem-alert';
import classes from './stages.module.css';

/** Searches cities and points of interest and lets the traveller tick several. */
export function PlaceSearchPicker({
  pickedKeys,
  onToggle,
}: {
  pickedKeys: ReadonlySet<string>;
  onToggle: (place: GeoPlace, picked: boolean) => void;
}) {
  const { t } = useTranslation('stages');
  const { language } = useLanguage();
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
          label={t('addPlaces.searchLabel')}
          classNames={{ description: classes.description }}
          description={t('addPlaces.searchHint')}
          placeholder={t('addPlaces.searchPlaceholder')}
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
            {t('addPlaces.resultCount', { count: items.length })}
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
                      t(`kinds.${item.kind}`),
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
      </Stack>
    </Paper>
  );
}
