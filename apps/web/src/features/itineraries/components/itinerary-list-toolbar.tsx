import { CloseButton, Group, NativeSelect, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { ListSort } from './use-list-params';

/** Search by title (sent a moment after typing stops) and the sort order. */
export function ItineraryListToolbar({
  q,
  sort,
  onSearch,
  onSort,
}: {
  q: string;
  sort: ListSort;
  onSearch: (q: string) => void;
  onSort: (sort: ListSort) => void;
}) {
  const { t } = useTranslation('itineraries');
  const [text, setText] = useState(q);
  const search = useDebouncedCallback(onSearch, 300);

  const clear = () => {
    search.cancel();
    setText('');
    onSearch('');
  };

  return (
    <Group gap="md" align="flex-end" wrap="wrap" role="search">
      <TextInput
        inputMode="search"
        enterKeyHint="search"
        label={t('list.searchLabel')}
        placeholder={t('list.searchPlaceholder')}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          search(event.currentTarget.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') search.flush();
          if (event.key === 'Escape' && text) clear();
        }}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          text ? <CloseButton size="sm" aria-label={t('list.clearSearch')} onClick={clear} /> : null
        }
        style={{ flex: '1 1 16rem', maxWidth: '28rem' }}
      />
      <NativeSelect
        label={t('list.sortLabel')}
        value={sort}
        onChange={(event) => onSort(event.currentTarget.value === 'start' ? 'start' : 'updated')}
        data={[
          { value: 'updated', label: t('list.sortUpdated') },
          { value: 'start', label: t('list.sortStart') },
        ]}
        style={{ flex: '0 1 12rem' }}
      />
    </Group>
  );
}
