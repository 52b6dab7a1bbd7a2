import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export type ListSort = 'updated' | 'start';

/** The list's filters read from the address: what the page shows, and what its loader fetches. */
export function listFiltersOf(params: URLSearchParams): {
  q: string;
  sort: ListSort;
  trash: boolean;
} {
  return {
    q: params.get('q')?.trim() ?? '',
    sort: params.get('sort') === 'start' ? 'start' : 'updated',
    trash: params.get('trash') === 'true',
  };
}

/** The list's state in the address (?q=&sort=&trash=true), so it survives reloads and links. */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const { q, sort, trash } = listFiltersOf(params);

  const update = useCallback(
    (changes: { q?: string; sort?: ListSort; trash?: boolean }) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const set = (name: string, value: string | null) => {
            if (value) next.set(name, value);
            else next.delete(name);
          };
          if (changes.q !== undefined) set('q', changes.q.trim());
          if (changes.sort !== undefined)
            set('sort', changes.sort === 'updated' ? null : changes.sort);
          if (changes.trash !== undefined) set('trash', changes.trash ? 'true' : null);
          return next;
        },
        // Typing in the search box should not fill the history with every letter.
        { replace: changes.q !== undefined && changes.trash === undefined },
      );
    },
    [setParams],
  );

  return { q, sort, trash, update };
}
