import type {
  ListItem,
  Page,
  TripList,
  createListSchema,
  updateListItemSchema,
} from '@jammy/shared/itineraries';
import { byPosition, positionAfter, positionBetween } from '@jammy/shared/positions';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { withOutbox } from '../../../lib/outbox';
import { itineraryKeys } from '../../../lib/query-keys';
import { temporaryId } from '../../../lib/tree-mutation';

export type CreateList = z.input<typeof createListSchema>;
export type UpdateListItem = z.input<typeof updateListItemSchema> & {
  listId: string;
  itemId: string;
};

const base = (itineraryId: string) => `/api/itineraries/${itineraryId}/lists`;

export function tripListsQuery(itineraryId: string) {
  return queryOptions({
    queryKey: itineraryKeys.lists_(itineraryId),
    queryFn: ({ signal }) =>
      apiRequest<Page<TripList>>(base(itineraryId), { signal }).then((page) =>
        withOutbox(page, (pending, waiting) =>
          pending.withPendingLists(itineraryId, page, waiting),
        ),
      ),
  });
}

export function useTripLists(itineraryId: string) {
  return useQuery(tripListsQuery(itineraryId));
}

function useListsMutation<TInput, TResult>(
  itineraryId: string,
  request: (input: TInput) => Promise<TResult>,
  apply: (lists: TripList[], input: TInput) => TripList[],
  /** Puts the server's answer in place of the optimistic row, before the refetch. */
  settle?: (lists: TripList[], result: TResult) => TripList[],
) {
  const queryClient = useQueryClient();
  const key = itineraryKeys.lists_(itineraryId);
  return useMutation({
    // Runs offline too: the API client queues the write in the outbox (online: unchanged).
    networkMode: 'always',
    mutationFn: request,
    onMutate: async (input: TInput) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Page<TripList>>(key);
      if (previous)
        queryClient.setQueryData(key, { ...previous, items: apply(previous.items, input) });
      return { previous };
    },
    onSuccess: (result: TResult) => {
      if (!settle || result === undefined) return;
      const current = queryClient.getQueryData<Page<TripList>>(key);
      if (current)
        queryClient.setQueryData(key, { ...current, items: settle(current.items, result) });
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

function mapItems(lists: TripList[], listId: string, change: (items: ListItem[]) => ListItem[]) {
  return lists.map((list) => (list.id === listId ? { ...list, items: change(list.items) } : list));
}

export function useCreateList(itineraryId: string) {
  return useListsMutation(
    itineraryId,
    (input: CreateList) => apiRequest<TripList>(base(itineraryId), { method: 'POST', body: input }),
    (lists, input) => {
      const now = new Date().toISOString();
      return [
        ...lists,
        {
          id: temporaryId(),
          itineraryId,
          title: input.title,
          kind: input.kind,
          position: positionBetween(lists.at(-1)?.position ?? null, null),
          items: [],
          createdAt: now,
          updatedAt: now,
          version: 1,
        },
      ];
    },
    (lists, created) => {
      const temporary = lists.findIndex(
        (list) => list.id.startsWith('temp-') && list.title === created.title,
      );
      if (temporary === -1) return lists;
      return lists.map((list, index) => (index === temporary ? created : list));
    },
  );
}

export function useRenameList(itineraryId: string) {
  return useListsMutation(
    itineraryId,
    ({ listId, ...input }: { listId: string; title: string; version?: number }) =>
      apiRequest<TripList>(`${base(itineraryId)}/${listId}`, { method: 'PATCH', body: input }),
    (lists, { listId, title }) =>
      lists.map((list) => (list.id === listId ? { ...list, title } : list)),
  );
}

export function useDeleteList(itineraryId: string) {
  return useListsMutation(
    itineraryId,
    ({ listId, version }: { listId: string; version?: number }) =>
      apiRequest<undefined>(`${base(itineraryId)}/${listId}`, {
        method: 'DELETE',
        body: version === undefined ? {} : { version },
      }),
    (lists, { listId }) => lists.filter((list) => list.id !== listId),
  );
}

export function useAddListItem(itineraryId: string) {
  return useListsMutation(
    itineraryId,
    ({ listId, text }: { listId: string; text: string }) =>
      apiRequest<ListItem>(`${base(itineraryId)}/${listId}/items`, {
        method: 'POST',
        body: { text },
      }),
    (lists, { listId, text }) =>
      mapItems(lists, listId, (items) => [
        ...items,
        {
          id: temporaryId(),
          listId,
          text,
          checked: false,
          position: positionBetween(items.at(-1)?.position ?? null, null),
          updatedAt: new Date().toISOString(),
          version: 1,
        },
      ]),
  );
}

/** Ticks, unticks or renames an item. */
export function useUpdateListItem(itineraryId: string) {
  return useListsMutation(
    itineraryId,
    ({ listId, itemId, ...input }: UpdateListItem) =>
      apiRequest<ListItem>(`${base(itineraryId)}/${listId}/items/${itemId}`, {
        method: 'PATCH',
        body: input,
      }),
    (lists, { listId, itemId, version: _version, ...changes }) =>
      mapItems(lists, listId, (items) =>
        items.map((item) => (item.id === itemId ? { ...item, ...changes } : item)),
      ),
  );
}

export function useDeleteListItem(itineraryId: string) {
  return useListsMutation(
    itineraryId,
    ({ listId, itemId, version }: { listId: string; itemId: string; version?: number }) =>
      apiRequest<undefined>(`${base(itineraryId)}/${listId}/items/${itemId}`, {
        method: 'DELETE',
        body: version === undefined ? {} : { version },
      }),
    (lists, { listId, itemId }) =>
      mapItems(lists, listId, (items) => items.filter((item) => item.id !== itemId)),
  );
}

export function useMoveListItem(itineraryId: string) {
  return useListsMutation(
    itineraryId,
    ({
      listId,
      itemId,
      afterId,
      version,
    }: {
      listId: string;
      itemId: string;
      afterId: string | null;
      version?: number;
    }) =>
      apiRequest<ListItem>(`${base(itineraryId)}/${listId}/items/${itemId}/move`, {
        method: 'POST',
        body: { afterId, ...(version === undefined ? {} : { version }) },
      }),
    (lists, { listId, itemId, afterId }) =>
      mapItems(lists, listId, (items) => {
        const position = positionAfter(
          items.filter((item) => item.id !== itemId),
          afterId,
        );
        if (position === null) return items;
        return items
          .map((item) => (item.id === itemId ? { ...item, position } : item))
          .sort(byPosition);
      }),
  );
}
