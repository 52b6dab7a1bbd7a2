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
import { flushSync } from 'react-dom';
import { useTranslation } from '../../../i18n/react';
import { ConflictPanel } from '../../../components/form/conflict-panel';
import { toProblem } from '../../../lib/problem';
import { useCreateNote, useUpdateNote } from '../api/notes';
import { useLanguage } from '../../../i18n/use-language';
import { hasFields, problemOf, type Problem } from '../lib/problem';
import { NoteText } from './note-text';
import { NoteEditor } from './note-editor';
import { ProblemNotice } from './problem-notice';
import { noteChangeSchema, noteValues, useNoteForm } from './use-note-form';
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
  // A pin that did not go through (the editor explains its own failures).
  const [problem, setProblem] = useState<{ problem: Problem; pinned: boolean } | null>(null);
  const article = useRef<HTMLElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const saved = !note.id.startsWith('temp-');
  const title = note.title || t('note.untitled');
  // The version the editor was filled from travels with the save (theirs, once taken or
  // overwritten); set when the save is a new note instead (this one was deleted meanwhile).
  const version = useRef(note.version);
  const asNew = useRef(false);
  const form = useNoteForm({
    initialValues: noteValues(note),
    schema: noteChangeSchema,
    toBody: (values) => ({ ...values, version: version.current }),
    submit: async ({ version: at, ...change }) => {
      // The change shows in the note at once: the editor closes, and opens again with what
      // was written (and why it was not saved) only if saving fails.
      setEditing(false);
      requestAnimationFrame(() => article.current?.focus());
      try {
        if (asNew.current) await create.mutateAsync(change);
        else await update.mutateAsync({ noteId: note.id, ...change, version: at });
      } catch (error) {
        flushSync(() => setEditing(true));
        throw error;
      }
    },
  });
  const theirs = form.conflict as Note | null;

  useEffect(() => {
    if (autoFocus && !editing) {
      article.current?.focus();
      onFocused();
    }
  }, [autoFocus, editing, onFocused]);

  function startEditing() {
    version.current = note.version;
    form.setValues(noteValues(note));
    form.setFailure(null);
    form.dismissConflict();
    setProblem(null);
    setEditing(true);
  }

  /** Sends the change as a new note: the one edited was deleted by someone else meanwhile. */
  async function saveAsNew() {
    asNew.current = true;
    try {
      await form.send();
    } finally {
      asNew.current = false;
    }
  }

  function pin(pinned: boolean, at: number) {
    setProblem(null);
    update.mutate(
      { noteId: note.id, pinned, version: at },
      { onError: (error) => setProblem({ problem: problemOf(error), pinned }) },
    );
  }

  if (editing) {
    return (
      <NoteEditor
        form={form}
        legend={t('editor.editLegend', { title })}
        onCancel={() => {
          setEditing(false);
          requestAnimationFrame(() => editButton.current?.focus());
        }}
        submitLabel={t('editor.save')}
        conflict={
          theirs && (
            <ConflictPanel
              title={t('problems.conflictTitle')}
              text={t('editor.conflictText')}
              keepMineLabel={t('problems.reapplyNote')}
              rows={[
                { label: t('editor.title'), theirs: theirs.title, mine: form.values.title },
                { label: t('editor.body'), theirs: theirs.body, mine: form.values.body },
              ]}
              saving={form.submitting}
              onUseTheirs={() => {
                version.current = theirs.version;
                form.setValues(noteValues(theirs));
                form.dismissConflict();
              }}
              onKeepMine={() => {
                version.current = theirs.version;
                void form.send();
              }}
            />
          )
        }
        failureActions={
          toProblem(form.failure).code === 'note/not-found' && (
            <Button size="xs" onClick={() => void saveAsNew()}>
              {t('note.saveAsNew')}
            </Button>
          )
        }
      />
    );
  }

  const current = problem?.problem.current;
  const notice = problem && (
    <ProblemNotice
      problem={problem.problem}
      subject="note"
      theirs={<NoteTheirs current={current} />}
      reapplyLabel={problem.pinned ? t('note.pinAnyway') : t('note.unpinAnyway')}
      onReapply={() => pin(problem.pinned, hasFields(current) ? current.version : note.version)}
      onDismiss={() => setProblem(null)}
    />
  );

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
