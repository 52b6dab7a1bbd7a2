/**
 * Where a row lands when moved from index `from` to index `to` of an ordered list: the id
 * of the row it will follow (null: first), as the move endpoints take it.
 */
export function afterIdForMove(ids: readonly string[], from: number, to: number): string | null {
  const order = ids.filter((_, index) => index !== from);
  if (to <= 0) return null;
  return order[Math.min(to, order.length) - 1] ?? null;
}

/** Rows created optimistically carry a temporary id until the server answers. */
export function isSaved(id: string): boolean {
  return !id.startsWith('temp-');
}
