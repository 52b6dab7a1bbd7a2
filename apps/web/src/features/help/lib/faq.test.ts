import { describe, expect, it } from 'vitest';
import { FAQ_GROUPS, anchorOf, foldForSearch, matchesQuery } from './faq';

describe('FAQ search', () => {
  it('ignores case and accents', () => {
    expect(matchesQuery('Où est la corbeille ?', 'CORBEILLE')).toBe(true);
    expect(matchesQuery('Was speichert Jammy über mich?', 'uber')).toBe(true);
    expect(matchesQuery('¿Cómo elimino mi cuenta?', 'como elimino')).toBe(true);
    expect(matchesQuery('Straße', 'strasse')).toBe(true);
  });

  it('finds Arabic words with or without diacritics and hamza', () => {
    expect(matchesQuery('كيف أشارك مسارًا؟', 'اشارك')).toBe(true);
    expect(foldForSearch('مسارًا')).toBe('مسارا');
  });

  it('needs every word typed, in any order', () => {
    expect(matchesQuery('How do I share an itinerary?', 'itinerary share')).toBe(true);
    expect(matchesQuery('How do I share an itinerary?', 'share photos')).toBe(false);
    expect(matchesQuery('anything', '   ')).toBe(true);
  });
});

describe('FAQ anchors', () => {
  it('names a group or a question, nothing else', () => {
    expect(anchorOf('#sharing')).toEqual({ group: 'sharing', item: null });
    expect(anchorOf('#read-only-links')).toEqual({ group: 'sharing', item: 'read-only-links' });
    expect(anchorOf('#nowhere')).toBeNull();
    expect(anchorOf('')).toBeNull();
  });

  it('has at least 15 questions with unique anchors', () => {
    const ids = FAQ_GROUPS.flatMap((group) => [group.id, ...group.items]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(FAQ_GROUPS.flatMap((group) => group.items).length).toBeGreaterThanOrEqual(15);
  });
});
