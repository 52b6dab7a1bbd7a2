import type { createNoteSchema, updateNoteSchema } from '@jammy/shared/itineraries';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { conflict } from '../../lib/versions';
import { readerScope, type Caller, type Reader } from './access';
import { sql } from 'drizzle-orm';
import { note } from '../../db/schema/itineraries';
import { changeWithEvent, createWithEvent } from './change-with-event';
import { authorizedRow } from './child-rows';
import { listNotes, notes, type NoteRow } from './content.repository';
import { presentNote } from './itinerary.presenter';

type NewNote = z.output<typeof createNoteSchema>;
type NoteChanges = Omit<z.output<typeof updateNoteSchema>, 'version'>;

const noteNotFound = () =>
  new AppError('note/not-found', 'There is no such note in this itinerary');

/** Never the text of a private note: events reach every member and the activity list. */
const noteEvent = (row: NoteRow) => ({
  noteId: row.id,
  private: row.private,
  ...(row.private ? {} : { title: row.title }),
});

/** A write that matched no row: 409 with the note as it is now, or 404 once it is gone. */
async function missed(db: Db, caller: Caller, noteId: string): Promise<AppError> {
  const fresh = await notes.find(db, caller.itineraryId, noteId);
  return fresh ? conflict(presentNote(fresh)) : noteNotFound();
}

/** Notes, pinned first; through a share link only those that are not private. */
export async function readNotes(db: Db, reader: Reader): Promise<NoteRow[]> {
  const { itineraryId, member } = readerScope(reader);
  const rows = await listNotes(db, itineraryId);
  return member ? rows : rows.filter((row) => !row.private);
}

export function readNote(db: Db, caller: Caller, noteId: string): Promise<NoteRow> {
  return authorizedRow(db, caller, 'read', notes, noteId, noteNotFound);
}

/**
 * Writes a note in one round trip (`createWithEvent`): notes keep no order, so the itinerary
 * is held shared, and who asks is checked once, under that lock. A refused caller is answered
 * by the two-trip way's own check (a stranger 404, a viewer 403: docs/decisions/030).
 */
export function createNote(db: Db, caller: Caller, input: NewNote): Promise<NoteRow> {
  return createWithEvent(
    db,
    caller,
    note,
    { ...input, itineraryId: caller.itineraryId },
    // noteEvent's fields, read from the row as created (its defaults included).
    {
      kind: 'note.created',
      data: sql`jsonb_build_object('noteId', created.id, 'private', created.private) ||
        case when created.private then '{}'::jsonb
          else jsonb_build_object('title', created.title) end`,
    },
    () =>
      changeWithEvent(
        db,
        caller,
        (tx) => notes.insert(tx, { ...input, itineraryId: caller.itineraryId }),
        (created) => ({ kind: 'note.created', data: noteEvent(created) }),
        { shared: true },
      ),
  );
}

export async function changeNote(
  db: Db,
  caller: Caller,
  noteId: string,
  changes: NoteChanges,
  expectedVersion: number | undefined,
): Promise<NoteRow> {
  const note = await authorizedRow(db, caller, 'write', notes, noteId, noteNotFound);
  const changed = await changeWithEvent(
    db,
    caller,
    (tx) => notes.update(tx, caller.itineraryId, note.id, changes, expectedVersion),
    (updated) => ({
      kind: 'note.updated',
      data: { ...noteEvent(updated), fields: Object.keys(changes) },
    }),
    { shared: true },
  );
  if (!changed) throw await missed(db, caller, note.id);
  return changed;
}

export async function deleteNote(
  db: Db,
  caller: Caller,
  noteId: string,
  expectedVersion: number | undefined,
): Promise<void> {
  const note = await authorizedRow(db, caller, 'write', notes, noteId, noteNotFound);
  const deleted = await changeWithEvent(
    db,
    caller,
    (tx) => notes.remove(tx, caller.itineraryId, note.id, expectedVersion),
    () => ({ kind: 'note.deleted', data: noteEvent(note) }),
    { shared: true },
  );
  if (!deleted) throw await missed(db, caller, note.id);
}
