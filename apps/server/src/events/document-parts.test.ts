import { EVENT_KINDS } from '@jammy/shared/sharing';
import { describe, expect, it } from 'vitest';
import { leavesDocument, outsideDocument } from './document-parts';

describe('leavesDocument', () => {
  it('names what the itinerary document does not hold: notes, lists and their items', () => {
    const left = EVENT_KINDS.filter(leavesDocument);
    expect([...new Set(left.map((kind) => kind.split('.')[0]))]).toEqual(['note', 'list', 'item']);
    // Every kind of those nouns, and only those.
    expect(left).toEqual(EVENT_KINDS.filter((kind) => /^(note|list|item)\./.test(kind)));
    expect(left).toHaveLength(10);
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
