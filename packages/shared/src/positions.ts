import { generateKeyBetween } from 'fractional-indexing';

/**
 * Fractional indexing: a position strictly between two neighbours (null at either end), so
 * inserting or moving a row never rewrites the others.
 */
export function positionBetween(before: string | null, after: string | null): string {
  // Two concurrent writers may pick the same key; order stays stable by (position, id).
  if (before !== null && after !== null && before >= after) return generateKeyBetween(before, null);
  return generateKeyBetween(before, after);
}

/** The position right after `afterId` in an ordered list (at the start when it is null). */
export function positionAfter(
  siblings: readonly { id: string; position: string }[],
  afterId: string | null,
): string | null {
  if (afterId === null) return positionBetween(null, siblings[0]?.position ?? null);
  const index = siblings.findIndex((sibling) => sibling.id === afterId);
  if (index === -1) return null;
  const previous = siblings[index];
  const next = siblings[index + 1];
  return positionBetween(previous?.position ?? null, next?.position ?? null);
}

/** Items sorted as the server sorts them: by position, then id. */
export function byPosition<T extends { id: string; position: string }>(a: T, b: T): number {
  if (a.position !== b.position) return a.position < b.position ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
