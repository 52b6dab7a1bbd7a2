import { Grid, Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconListCheck, IconNotes } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useNotes } from '../api/notes';
import { useTripLists } from '../api/trip-lists';
import { ListsPanel } from './lists-panel';
import { NotesPanel } from './notes-panel';

/** Notes beside lists on a wide screen; on a phone, one at a time in tabs. */
export function NotesAndLists({ itineraryId, canEdit }: { itineraryId: string; canEdit: boolean }) {
  const { t } = useTranslation('notes');
  const wide = useMediaQuery('(min-width: 62em)', false, { getInitialValueInEffect: false });
  const [tab, setTab] = useState<string | null>('notes');
  const notes = useNotes(itineraryId).data?.items.length;
  const lists = useTripLists(itineraryId).data?.items.length;

  if (wide) {
    return (
      <Grid gap="xl">
        <Grid.Col span={7}>
          <NotesPanel itineraryId={itineraryId} canEdit={canEdit} />
        </Grid.Col>
        <Grid.Col span={5}>
          <ListsPanel itineraryId={itineraryId} canEdit={canEdit} />
        </Grid.Col>
      </Grid>
    );
  }
  return (
    <Tabs value={tab} onChange={setTab} variant="pills" radius="xl">
      <Tabs.List grow mb="lg" aria-label={t('tabs.label')}>
        <Tabs.Tab value="notes" leftSection={<IconNotes size={16} aria-hidden />}>
          {notes === undefined ? t('tabs.notes') : t('tabs.notesCount', { count: notes })}
        </Tabs.Tab>
        <Tabs.Tab value="lists" leftSection={<IconListCheck size={16} aria-hidden />}>
          {lists === undefined ? t('tabs.lists') : t('tabs.listsCount', { count: lists })}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="notes">
        <NotesPanel itineraryId={itineraryId} canEdit={canEdit} />
      </Tabs.Panel>
      <Tabs.Panel value="lists">
        <ListsPanel itineraryId={itineraryId} canEdit={canEdit} />
      </Tabs.Panel>
    </Tabs>
  );
}
