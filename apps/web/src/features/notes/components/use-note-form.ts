import { createNoteSchema, updateNoteSchema, type Note } from '@jammy/shared/itineraries';
import type { ZodType } from 'zod';
import { useForm, type FieldMessages, type Form } from '../../../components/form/use-form';

/** What the note editor edits. */
export type NoteValues = {
  title: string;
  body: string;
  /** Hidden from read-only share links (the default). */
  private: boolean;
};

export type NoteForm = Form<NoteValues>;

export const EMPTY_NOTE: NoteValues = { title: '', body: '', private: true };

export function noteValues(note: Note): NoteValues {
  return { title: note.title, body: note.body, private: note.private };
}

/**
 * A note says something: a title or some text. The server keeps an empty one; the editor asks
 * for one of the two, on the title (the field the writer starts with).
 */
function saysSomething(note: { title?: string | undefined; body?: string | undefined }) {
  return Boolean(note.title || note.body);
}
const SAYS_SOMETHING = { path: ['title'], message: 'must have a title or some text' };

/** POST …/notes, with the editor's own rule. */
export const newNoteSchema = createNoteSchema.refine(saysSomething, SAYS_SOMETHING);
/** PATCH …/notes/{id}, with the editor's own rule. */
export const noteChangeSchema = updateNoteSchema.refine(saysSomething, SAYS_SOMETHING);

/** The notes' words for the schema's problems (namespace `notes`). */
const NOTE_MESSAGES: FieldMessages<keyof NoteValues> = {
  // A title is needed only by a note without text (the rule above); nothing typed is "required".
  title: { required: 'editor.empty', tooLong: 'editor.tooLong', invalid: 'editor.refused' },
  body: { tooLong: 'editor.tooLong', invalid: 'editor.refused' },
};

/** The note editor's form on the kit: a new note's, or a note's change (with its version). */
export function useNoteForm<Body>(options: {
  initialValues: NoteValues;
  schema: ZodType<Body>;
  toBody?: (values: NoteValues) => unknown;
  submit: (body: Body) => Promise<unknown>;
}) {
  return useForm({ ns: 'notes', messages: NOTE_MESSAGES, ...options });
}
