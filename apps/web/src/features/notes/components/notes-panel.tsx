import type { Note } from '@jammy/shared/itineraries';
import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconNotes, IconPlus } from '@tabler/icons-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from '../../../i18n/react';
import { useCreateNote, useDeleteNote, useNotes } from '../api/notes';
import { hasFields, problemOf, type Problem } from '../lib/problem';
import { ConfirmDelete } from './confirm-delete';
import { NoteCard } from './note-card';
import { NoteEditor } from './note-editor';
import { ProblemNotice } from './problem-notice';
import { EMPTY_NOTE, newNoteSchema, useNoteForm } from './use-note-form';
import classes from './notes.module.css';

/** Pinned notes first, then the most recently changed (as the server orders them). */
function byPinnedThenRecent(a: Note, b: Note): number {
  if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
  if (a.updatedAt !== b.updatedAt) return a.updatedAt < b.updatedAt ? 1 : -1;
  return a.id < b.id ? 1 : -1;
}

/** The trip's notes: pinned first, a new one written in place, each editable and deletable. */
export function NotesPanel({ itineraryId, canEdit }: { itineraryId: string; canEdit: boolean }) {
  const { t } = useTranslation('notes');
  const notes = useNotes(itineraryId);
  const create = useCreateNote(itineraryId);
  const remove = useDeleteNote(itineraryId);
  const [creating, setCreating] = useState(false);
  const [focusId, setFocusId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Note | null>(null);
  const [deleteProblem, setDeleteProblem] = useState<{ note: Note; problem: Problem } | null>(null);
  const newButton = useRef<HTMLButtonElement>(null);
  const sorted = useMemo(
    () => [...(notes.data?.items ?? [])].sort(byPinnedThenRecent),
    [notes.data],
  );
  const focused = useCallback(() => setFocusId(null), []);

  // Kept while the editor is closed: what was written is there when it opens again.
  const form = useNoteForm({
    initialValues: EMPTY_NOTE,
    schema: newNoteSchema,
    submit: async (body) => {
      // The note shows in the list at once: the editor closes, and opens again with what was
      // written (and why it was not saved) only if saving fails.
      setCreating(false);
      try {
        const note = await create.mutateAsync(body);
        form.setValues(EMPTY_NOTE);
        // Offline the note waits in the outbox: no id to focus yet.
        if (note) setFocusId(note.id);
      } catch (error) {
        flushSync(() => setCreating(true));
        throw error;
      }
    },
  });

  function deleteNote(note: Note, version: number) {
    const index = sorted.findIndex((item) => item.id === note.id);
    const next = sorted[index + 1] ?? sorted[index - 1];
    setConfirming(null);
    setDeleteProblem(null);
    if (next) setFocusId(next.id);
    else requestAnimationFrame(() => newButton.current?.focus());
    remove.mutate(
      { noteId: note.id, version },
      { onError: (error) => setDeleteProblem({ note, problem: problemOf(error) }) },
    );
  }

  function cancelDelete() {
    const note = confirming;
    setConfirming(null);
    if (!note) return;
    requestAnimationFrame(() =>
      document
        .querySelector<HTMLElement>(`[data-note-id="${note.id}"] [data-action="delete"]`)
        ?.focus(),
    );
  }

  const theirs = deleteProblem?.problem.current;

  return (
    <section aria-labelledby="notes-title">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Group gap="xs">
            <IconNotes size={22} aria-hidden className={classes.sectionIcon} />
            <Title order={2} size="h3" id="notes-title">
              {t('notes.title')}
            </Title>
          </Group>
          {canEdit && !creating && (
            <Button
              ref={newButton}
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setCreating(true)}
            >
              {t('notes.new')}
            </Button>
          )}
        </Group>

        {creating && (
          <NoteEditor
            form={form}
            legend={t('editor.newLegend')}
            onCancel={() => {
              setCreating(false);
              // The draft stays for next time; what was said about it does not.
              form.clearError('title');
              form.clearError('body');
              form.setFailure(null);
              requestAnimationFrame(() => newButton.current?.focus());
            }}
            submitLabel={t('editor.create')}
          />
        )}

        {deleteProblem && (
          <ProblemNotice
            problem={deleteProblem.problem}
            subject="note"
            theirs={
              hasFields(theirs, 'title') ? (
                <Text size="sm" fw={700}>
                  <bdi>{String(theirs.title) || t('note.untitled')}</bdi>
                </Text>
              ) : undefined
            }
            reapplyLabel={t('note.deleteAnyway')}
            onReapply={() =>
              deleteNote(
                deleteProblem.note,
                hasFields(theirs) ? theirs.version : deleteProblem.note.version,
              )
            }
            onDismiss={() => setDeleteProblem(null)}
          />
        )}

        {notes.isPending ? (
          <Stack gap="sm" aria-busy="true" aria-label={t('notes.loading')}>
            <Skeleton height={120} radius="lg" />
            <Skeleton height={90} radius="lg" />
          </Stack>
        ) : notes.isError && !notes.data ? (
          <ProblemNotice
            problem={problemOf(notes.error)}
            subject="note"
            onReapply={() => void notes.refetch()}
            onDismiss={() => void notes.refetch()}
          />
        ) : sorted.length === 0 && !creating ? (
          <Paper withBorder radius="lg" p="xl" className={classes.empty}>
            <Stack align="center" gap="sm" ta="center">
              <IconNotes size={40} aria-hidden className={classes.emptyIcon} />
              <Text fw={700}>{t('notes.emptyTitle')}</Text>
              <Text size="sm" c="gray.8" maw={380}>
                {canEdit ? t('notes.emptyText') : t('notes.emptyViewer')}
              </Text>
              {canEdit && (
                <Button variant="light" onClick={() => setCreating(true)}>
                  {t('notes.writeFirst')}
                </Button>
              )}
            </Stack>
          </Paper>
        ) : (
          <Stack gap="md">
            {sorted.map((note) => (
              <NoteCard
                key={note.id}
                itineraryId={itineraryId}
                note={note}
                canEdit={canEdit}
                autoFocus={note.id === focusId}
                onFocused={focused}
                onDelete={setConfirming}
              />
            ))}
          </Stack>
        )}
      </Stack>
      <ConfirmDelete
        opened={confirming !== null}
        title={t('notes.confirmTitle')}
        message={t('notes.confirmText', {
          title: confirming?.title || t('note.untitled'),
        })}
        onConfirm={() => confirming && deleteNote(confirming, confirming.version)}
        onCancel={cancelDelete}
      />
    </section>
  );
}
