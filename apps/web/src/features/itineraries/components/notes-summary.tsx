import type { Note } from '@jammy/shared/itineraries';
import { Anchor, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconNotes, IconPin } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { useNotes, useTripLists } from '../../notes/public';
import headerClasses from './itinerary-header.module.css';

/** A note's text without Markdown marks, cut to a short excerpt. */
export function excerptOf(body: string, length = 160): string {
  const plain = body
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#>*_`~|-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > length ? `${plain.slice(0, length).trimEnd()}…` : plain;
}

function PinnedNote({ note }: { note: Note }) {
  const { t } = useTranslation('itineraries');
  const excerpt = excerptOf(note.body);
  return (
    <Paper
      radius="md"
      p="sm"
      bg="yellow.0"
      withBorder
      style={{ borderColor: 'var(--mantine-color-yellow-3)' }}
    >
      <Stack gap={4}>
        <Group gap={4} c="gray.8">
          <IconPin size={14} aria-hidden />
          <Text size="xs" fw={700} tt="uppercase">
            {t('overview.pinned')}
          </Text>
        </Group>
        <Text fw={600} size="sm">
          {note.title ? <bdi>{note.title}</bdi> : t('overview.untitledNote')}
        </Text>
        {excerpt && (
          <Text size="sm" c="gray.8" dir="auto">
            {excerpt}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** How many notes and lists the trip has, its first pinned note, and the way to them. */
export function NotesSummary({ itineraryId }: { itineraryId: string }) {
  const { t } = useTranslation('itineraries');
  const { to } = useLanguage();
  const notes = useNotes(itineraryId);
  const lists = useTripLists(itineraryId);
  const pinned = notes.data?.items.find((note) => note.pinned);
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="notes-summary-title">
      <Stack gap="sm">
        <Group gap="xs">
          <IconNotes size={20} aria-hidden color="var(--mantine-color-jam-8)" />
          <Title order={2} size="h4" id="notes-summary-title">
            {t('overview.notesTitle')}
          </Title>
        </Group>
        {notes.isPending || lists.isPending ? (
          <Skeleton height={16} width="60%" />
        ) : (
          <Text size="sm" c="gray.8">
            {notes.data ? t('overview.notes', { count: notes.data.items.length }) : null}
            {notes.data && lists.data ? ' · ' : null}
            {lists.data ? t('overview.lists', { count: lists.data.items.length }) : null}
          </Text>
        )}
        {pinned && <PinnedNote note={pinned} />}
        <Anchor component={Link} to={to(`/itinerary/${itineraryId}/notes`)} fw={700} size="sm">
          <Group gap={4} component="span">
            {t('overview.openNotes')}
            <IconArrowRight size={16} aria-hidden className={headerClasses.backIcon} />
          </Group>
        </Anchor>
      </Stack>
    </Paper>
  );
}
