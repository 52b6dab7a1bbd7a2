import { describe, expect, it } from 'vitest';
import { newNoteSchema, noteChangeSchema } from './use-note-form';

describe('the note editor’s own rule over the shared schemas', () => {
  it('asks a note for a title or some text, and says so on the title', () => {
    const empty = newNoteSchema.safeParse({ title: '  ', body: '\n\n', private: true });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues.map((issue) => issue.path)).toEqual([['title']]);
    const emptied = noteChangeSchema.safeParse({ title: '', body: ' ', version: 3 });
    expect(emptied.error?.issues.map((issue) => issue.path)).toEqual([['title']]);
  });

  it('takes a title alone or a text alone, trimmed as the server keeps them', () => {
    expect(newNoteSchema.parse({ title: ' Bookings ', body: '', private: true })).toEqual({
      title: 'Bookings',
      body: '',
      private: true,
    });
    expect(noteChangeSchema.parse({ title: '', body: 'Hotel Kanra\n', version: 3 })).toEqual({
      title: '',
      body: 'Hotel Kanra',
      version: 3,
    });
  });

  it('keeps the shared limits', () => {
    const long = newNoteSchema.safeParse({ title: 'x'.repeat(161), body: 'Kyoto' });
    expect(long.error?.issues[0]?.message).toBe('must be at most 160 characters');
  });
});
