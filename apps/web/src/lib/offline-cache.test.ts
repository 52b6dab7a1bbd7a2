import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { itinerariesWithinBudget, itineraryOf } from './offline-cache';

function cacheWith(entries: [readonly unknown[], unknown, number][]) {
  const client = new QueryClient();
  for (const [key, data, updatedAt] of entries) {
    client.setQueryData(key, data, { updatedAt });
  }
  return client.getQueryCache().getAll();
}

const text = (bytes: number) => 'x'.repeat(bytes);

describe('offline cache budget', () => {
  it('knows which itinerary a query belongs to', () => {
    expect(itineraryOf(['itineraries', 'tree', 'a'])).toBe('a');
    expect(itineraryOf(['itineraries', 'notes', 'a'])).toBe('a');
    expect(itineraryOf(['itineraries', 'trip-lists', 'a'])).toBe('a');
    expect(itineraryOf(['itineraries', 'list', { q: '' }])).toBeNull();
    expect(itineraryOf(['me'])).toBeNull();
  });

  it('keeps every itinerary that fits', () => {
    const queries = cacheWith([
      [['me'], { id: 'u' }, 1],
      [['itineraries', 'tree', 'a'], text(100), 1],
      [['itineraries', 'tree', 'b'], text(100), 2],
    ]);
    expect(itinerariesWithinBudget(queries, 10_000)).toEqual(new Set(['a', 'b']));
  });

  it('leaves out the least recently fetched itineraries first, counting all their queries', () => {
    const queries = cacheWith([
      [['me'], { id: 'u' }, 1],
      [['itineraries', 'tree', 'old'], text(400), 10],
      [['itineraries', 'tree', 'recent'], text(400), 30],
      [['itineraries', 'notes', 'recent'], text(100), 31],
      [['itineraries', 'tree', 'middle'], text(400), 20],
    ]);
    // Sizes are JSON characters: the session 10, "recent" 504, "middle" and "old" 402 each.
    expect(itinerariesWithinBudget(queries, 800)).toEqual(new Set(['recent']));
    expect(itinerariesWithinBudget(queries, 1_000)).toEqual(new Set(['recent', 'middle']));
    expect(itinerariesWithinBudget(queries, 1_318)).toEqual(new Set(['recent', 'middle', 'old']));
    // A smaller trip still fits after a larger one that did not.
    const mixed = cacheWith([
      [['itineraries', 'tree', 'big'], text(900), 50],
      [['itineraries', 'tree', 'small'], text(50), 40],
    ]);
    expect(itinerariesWithinBudget(mixed, 500)).toEqual(new Set(['small']));
  });
});
