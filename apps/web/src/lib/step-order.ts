import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * Where a row lands when moved from index `from` to index `to` of an ordered list: the id
 * of the row it will follow (null: first), as the move endpoints take it.
 */
export function afterIdForMove(ids: readonly string[], from: number, to: number): string | null {
  const order = ids.filter((_, index) => index !== from);
  if (to <= 0) return null;
  return order[Math.min(to, order.length) - 1] ?? null;
}

/** One step of a row up or down: from and to (indexes), the row it follows, the list's size. */
export interface Step {
  from: number;
  to: number;
  afterId: string | null;
  total: number;
}

/**
 * The steps of rows moved by "up" and "down" buttons. A second press can come before the
 * moved list is drawn (optimistic updates are asynchronous): it starts from where the first
 * step left the row, not from where the row is drawn. Null at the edge.
 */
export function useStepOrder(
  ids: readonly string[],
): (id: string, via: 'up' | 'down') => Step | null {
  const order = useRef(ids);
  useLayoutEffect(() => {
    order.current = ids;
  }, [ids]);
  return useCallback((id, via) => {
    const current = order.current;
    const from = current.indexOf(id);
    const to = via === 'up' ? from - 1 : from + 1;
    if (from < 0 || to < 0 || to >= current.length) return null;
    const next = current.filter((other) => other !== id);
    next.splice(to, 0, id);
    order.current = next;
    return { from, to, afterId: afterIdForMove(current, from, to), total: current.length };
  }, []);
}
