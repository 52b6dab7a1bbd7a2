import type { Note } from '@jammy/shared/itineraries';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Spoiler,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconPencil, IconPin, IconPinFilled, IconPinnedOff, IconTrash } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateNote, useUpdateNote } from '../../itineraries/api/notes';
import { useLanguage } from '../../../i18n/use-language';
import { hasFields, problemOf, type Problem } from '../problem';
import { NoteText } from './note-text';
import { NoteEditor, type NoteDraft } from './note-editor';
import { ProblemNotice } from './problem-notice';
import classes from './notes.module.css';
import { dateTimeFormat } from '../../../lib/intl';

function NoteTheirs({ current }: { current: unknown }) {
  const { t } = useTranslation('notes');
  if (!hasFields(current, 'title', 'body')) return null;
  return (
    <>
      <Text fw={700} size="sm">
        <bdi>{String(current.title) || t('note.untitled')}</bdi>
      </Text>
      <NoteText source={String(current.body)} />
    </>
  );
}

/**
 * One note: its title, when it changed and its Markdown, shown safely; editors can pin it,
 * edit it in place and delete it (the list asks first). A save that meets someone else's
 * change shows theirs and lets the writer reapply their own.
 */
export function NoteCard({
  itineraryId,
  note,
  canEdit,
  autoFocus,
  onFocused,
  onDelete,
}: {
  itineraryId: string;
  note: Note;
  canEdit: boolean;
  autoFocus: boolean;
  onFocused: () => void;
  onDelete: (note: Note) => void;
}) {
  const { t } = useTranslation('notes');
  const { language } = useLanguage();
  const update = useUpdateNote(itineraryId);
  const create = useCreateNote(itineraryId);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<NoteDraft>({
    title: note.title,
    body: note.body,
    private: note.private,
  });
  const [problem, setProblem] = useState<{ problem: Problem; pin?: boolean } | null>(null);
  const article = useRef<HTMLElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const saved = !note.id.startsWith('temp-');
  const title = note.title || t('note.untitled');

  useEffect(() => {
    if (autoFocus && !editing) {
      article.current?.focus();
      onFocused();
    }
  }, [autoFocus, editing, onFocused]);

  function startEditing() {
    setDraft({ title: note.title, body: note.body, private: note.private });
    setProblem(null);
    setEditing(true);
  }

  function save(version: number) {
    setEditing(false);
    setProblem(null);
    requestAnimationFrame(() => article.current?.focus());
    update.mutate(
      {
        noteId: note.id,
        title: draft.title.trim(),
        body: draft.body,
        private: draft.private,
        version,
      },
      {
        onError: (error) => {
          setProblem({ problem: problemOf(error) });
          setEditing(true);
        },
      },
    );
  }

  function saveAsNew() {
    setEditing(false);
    setProblem(null);
    create.mutate({ title: draft.title.trim(), body: draft.body, private: draft.private });
  }

  function pin(pinned: boolean, version: number) {
    setProblem(null);
    update.mutate(
      { noteId: note.id, pinned, version },
      { onError: (error) => setProblem({ problem: problemOf(error), pin: pinned }) },
    );
  }

  const current = problem?.problem.current;
  const currentVersion = hasFields(current) ? current.version : note.version;
  const notice = problem && (
    <ProblemNotice
      problem={problem.problem}
      subject="note"
      theirs={<NoteTheirs current={current} />}
      reapplyLabel={
        problem.pin === undefined
          ? t('problems.reapplyNote')
          : problem.pin
            ? t('note.pinAnyway')
            : t('note.unpinAnyway')
      }
      onReapply={() =>
        problem.pin === undefined ? save(currentVersion) : pin(problem.pin, currentVersion)
      }
      onDismiss={() => {
        setProblem(null);
        if (problem.pin === undefined) setEditing(false);
      }}
    >
      {problem.problem.kind === 'not-found' && problem.pin === undefined && (
        <Button size="xs" onClick={saveAsNew}>
          {t('note.saveAsNew')}
        </Button>
      )}
    </ProblemNotice>
  );

  if (editing) {
    return (
      <NoteEditor
        legend={t('editor.editLegend', { title })}
        draft={draft}
        onChange={setDraft}
        onSubmit={() => save(note.version)}
        onCancel={() => {
          setEditing(false);
          setProblem(null);
          requestAnimationFrame(() => editButton.current?.focus());
        }}
        submitLabel={t('editor.save')}
        serverFields={problem?.problem.fields}
        problem={notice}
      />
    );
  }

  const updated = dateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(note.updatedAt));

  return (
    <Paper
      component="article"
      ref={article}
      tabIndex={-1}
      aria-labelledby={titleId}
      withBorder
      radius="lg"
      p="md"
      className={classes.note}
      data-pinned={note.pinned || undefined}
      data-note-id={note.id}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm" mb="xs">
        <div style={{ minWidth: 0 }}>
          {note.pinned && (
            <Badge
              size="sm"
              variant="light"
              color="jam"
              leftSection={<IconPinFilled size={12} aria-hidden />}
              mb={4}
            >
              {t('note.pinned')}
            </Badge>
          )}
          <Title order={3} size="h4" id={titleId} className={classes.noteTitle}>
            <bdi>{title}</bdi>
          </Title>
          <Text size="xs" c="gray.7">
            {t('note.updated', { date: updated })}
          </Text>
        </div>
        {canEdit && (
          <Group gap={2} wrap="nowrap">
            <Tooltip label={note.pinned ? t('note.unpin') : t('note.pin')}>
              <ActionIcon
                variant="subtle"
                color={note.pinned ? 'jam' : 'gray.8'}
                aria-label={
                  note.pinned ? t('note.unpinLabel', { title }) : t('note.pinLabel', { title })
                }
                aria-pressed={note.pinned}
                disabled={!saved}
                onClick={() => pin(!note.pinned, note.version)}
              >
                {note.pinned ? (
                  <IconPinnedOff size={18} aria-hidden />
                ) : (
                  <IconPin size={18} aria-hidden />
                )}
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('note.edit')}>
              <ActionIcon
                ref={editButton}
                variant="subtle"
                color="gray.8"
                aria-label={t('note.editLabel', { title })}
                disabled={!saved}
                onClick={startEditing}
              >
                <IconPencil size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('note.delete')}>
              <ActionIcon
                variant="subtle"
                color="red.8"
                aria-label={t('note.deleteLabel', { title })}
                data-action="delete"
                disabled={!saved}
                onClick={() => onDelete(note)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </Group>
      {notice}
      {note.body.trim() ? (
        <Spoiler
          maxHeight={320}
          showLabel={t('note.showMore')}
          hideLabel={t('note.showLess')}
          className={classes.noteBody}
        >
          <NoteText source={note.body} />
        </Spoiler>
      ) : (
        <Text size="sm" c="gray.7" fs="italic">
          {t('note.emptyBody')}
        </Text>
      )}
    </Paper>
  );
}
