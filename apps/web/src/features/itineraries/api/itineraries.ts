import type {
  Itinerary,
  ItinerarySummary,
  ItineraryTree,
  Page,
  createItinerarySchema,
  updateItinerarySchema,
} from '@jammy/shared/itineraries';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { withOutbox } from '../../../lib/outbox';
import { itineraryKeys } from '../../../lib/query-keys';

export type CreateItinerary = z.input<typeof createItinerarySchema>;
export type UpdateItinerary = z.input<typeof updateItinerarySchema>;

/** My itineraries and those shared with me, a page at a time (keyset). */
export function itinerariesQuery(filters: {
  q: string;
  sort: 'updated' | 'start';
  trash: boolean;
}) {
  return infiniteQueryOptions({
    queryKey: itineraryKeys.list(filters),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({
        sort: filters.sort,
        limit: '24',
        trash: String(filters.trash),
      });
      if (filters.q) params.set('q', filters.q);
      if (pageParam) params.set('cursor', pageParam);
      return apiRequest<Page<ItinerarySummary>>(`/api/itineraries?${params}`, { signal });
    },
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function useItineraries(filters: { q: string; sort: 'updated' | 'start'; trash: boolean }) {
  return useInfiniteQuery(itinerariesQuery(filters));
}

/** One itinerary with its stages and places. */
export function itineraryTreeQuery(id: string) {
  return queryOptions({
    queryKey: itineraryKeys.tree(id),
    queryFn: ({ signal }) =>
      apiRequest<ItineraryTree>(`/api/itineraries/${id}`, { signal }).then((tree) =>
        withOutbox(tree, (pending, waiting) => pending.withPendingTree(tree, waiting)),
      ),
    // A 4xx (gone, not shared) will not change by asking again; network and 5xx may.
    retry: (failures, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
  });
}

export function useItineraryTree(id: string) {
  return useQuery(itineraryTreeQuery(id));
}

export function useCreateItinerary() {
  const queryClient = useQueryClient();
  return useMutation({
    // Runs offline too: a trip with its own id waits in the outbox (the answer is undefined).
    networkMode: 'always',
    mutationFn: (input: CreateItinerary) =>
      apiRequest<Itinerary | undefined>('/api/itineraries', { method: 'POST', body: input }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: itineraryKeys.lists() });
    },
  });
}

/** Changes the itinerary; the tree shows the change at once and rolls back on error. */
export function useUpdateItinerary(id: string) {
  const queryClient = useQueryClient();
  const key = itineraryKeys.tree(id);
  return useMutation({
    // Runs offline too: the API client queues the write in the outbox (online: unchanged).
    networkMode: 'always',
    mutationFn: (input: UpdateItinerary) =>
      apiRequest<Itinerary>(`/api/itineraries/${id}`, { method: 'PATCH', body: input }),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ItineraryTree>(key);
      if (previous) {
        const { version: _version, ...changes } = input;
        queryClient.setQueryData<ItineraryTree>(key, {
          ...previous,
          itinerary: { ...previous.itinerary, ...changes },
        });
      }
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: itineraryKeys.all }),
  });
}

export function useTrashItinerary() {
  const queryClient = useQueryClient();
  return useMutation({
    // Runs offline too: the API client queues the write in the outbox (online: unchanged).
    networkMode: 'always',
    mutationFn: (id: string) =>
      apiRequest<Itinerary>(`/api/itineraries/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: itineraryKeys.all }),
  });
}

export function useRestoreItinerary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<Itinerary>(`/api/itineraries/${id}/restore`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: itineraryKeys.all }),
  });
}
