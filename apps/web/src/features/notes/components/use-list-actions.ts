import type { ListItem, TripList } from '@jammy/shared/itineraries';
import { useRef, useState } from 'react';
import {
  useAddListItem,
  useDeleteListItem,
  useMoveListItem,
  useRenameList,
  useUpdateListItem,
} from '../api/trip-lists';
import { problemOf, type Problem } from '../lib/problem';

/** A change to a list that failed, with what is needed to send it again. */
export type ListFailure = { problem: Problem } & (
  | { action: 'add'; text: string }
  | { action: 'toggle'; item: ListItem; checked: boolean }
  | { action: 'delete'; item: ListItem }
  | { action: 'move'; item: ListItem }
  | { action: 'rename'; title: string }
);

/**
 * The changes to one list, sent one after another in the order they were made (three items
 * typed quickly arrive in that order; a quick tick and untick never race). Each change shows
 * at once (optimistic). Versions the server answers with are remembered, so the next change
 * of the same row is based on them even before the list is read again.
 */
export function useListActions(itineraryId: string, list: TripList) {
  const add = useAddListItem(itineraryId);
  const update = useUpdateListItem(itineraryId);
  const remove = useDeleteListItem(itineraryId);
  const move = useMoveListItem(itineraryId);
  const rename = useRenameList(itineraryId);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const versions = useRef(new Map<string, number>());
  const [failure, setFailure] = useState<ListFailure | null>(null);
  // Ticks show at once, even while earlier changes of the list are still on their way.
  const [ticks, setTicks] = useState<ReadonlyMap<string, { checked: boolean; token: number }>>(
    new Map(),
  );
  const nextToken = useRef(0);

  function run(
    task: () => Promise<{ id: string; version: number } | undefined>,
    describe: (problem: Problem) => ListFailure,
  ): Promise<boolean> {
    const done = queue.current.then(task).then(
      (row) => {
        if (row) versions.current.set(row.id, row.version);
        return true;
      },
      (error: unknown) => {
        setFailure(describe(problemOf(error)));
        return false;
      },
    );
    queue.current = done;
    return done;
  }

  const versionOf = (id: string, cached: number) => Math.max(cached, versions.current.get(id) ?? 0);

  function showTick(itemId: string, checked: boolean): number {
    nextToken.current += 1;
    const token = nextToken.current;
    setTicks((current) => new Map(current).set(itemId, { checked, token }));
    return token;
  }

  function settleTick(itemId: string, token: number) {
    setTicks((current) => {
      if (current.get(itemId)?.token !== token) return current;
      const next = new Map(current);
      next.delete(itemId);
      return next;
    });
  }

  return {
    failure,
    /** Whether an item shows as ticked (a tick just made counts before the server has it). */
    isChecked: (item: ListItem) => ticks.get(item.id)?.checked ?? item.checked,
    dismiss: () => setFailure(null),
    addItem: (text: string) => {
      setFailure(null);
      return run(
        () => add.mutateAsync({ listId: list.id, text }),
        (problem) => ({ problem, action: 'add', text }),
      );
    },
    toggle: (item: ListItem, checked: boolean, version?: number) => {
      setFailure(null);
      const token = showTick(item.id, checked);
      return run(
        () =>
          update.mutateAsync({
            listId: list.id,
            itemId: item.id,
            checked,
            version: version ?? versionOf(item.id, item.version),
          }),
        (problem) => ({ problem, action: 'toggle', item, checked }),
      ).finally(() => settleTick(item.id, token));
    },
    deleteItem: (item: ListItem, version?: number) => {
      setFailure(null);
      return run(
        async () => {
          await remove.mutateAsync({
            listId: list.id,
            itemId: item.id,
            version: version ?? versionOf(item.id, item.version),
          });
          return undefined;
        },
        (problem) => ({ problem, action: 'delete', item }),
      );
    },
    moveItem: (item: ListItem, afterId: string | null) => {
      setFailure(null);
      return run(
        () =>
          move.mutateAsync({
            listId: list.id,
            itemId: item.id,
            afterId,
            // Read when the move's turn comes: an earlier move of the same item bumped it.
            version: versionOf(item.id, item.version),
          }),
        (problem) => ({ problem, action: 'move', item }),
      );
    },
    renameList: (title: string, version?: number) => {
      setFailure(null);
      return run(
        () =>
          rename.mutateAsync({
            listId: list.id,
            title,
            version: version ?? versionOf(list.id, list.version),
          }),
        (problem) => ({ problem, action: 'rename', title }),
      );
    },
  };
}
