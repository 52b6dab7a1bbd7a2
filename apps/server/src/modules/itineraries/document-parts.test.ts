import { EVENT_KINDS } from '@jammy/shared/sharing';
import { describe, expect, it } from 'vitest';
import { leavesDocument, outsideDocument } from './document-parts';

describe('leavesDocument', () => {
  it('names what the itinerary document does not hold: notes, lists and their items', () => {
    expect(EVENT_KINDS.filter(leavesDocument)).toEqual([
      'note.created',
      'note.updated',
      'note.deleted',
      'list.created',
      'list.updated',
      'list.deleted',
      'item.created',
      'item.updated',
      'item.moved',
      'item.deleted',
    ]);
  });

  it('takes any other kind, or a text that is no kind, to change the document', () => {
    for (const kind of ['place.created', 'booking.updated', 'expense.created', 'member.added']) {
      expect(leavesDocument(kind)).toBe(false);
    }
    for (const text of ['', 'note', '.note', 'notes.created', 'presence:{}']) {
      expect(leavesDocument(text)).toBe(false);
    }
    expect(outsideDocument('note')).toBe(true);
    expect(outsideDocument('photo')).toBe(false);
  });
});
