import type { ItineraryTree } from '@jammy/shared/itineraries';
import { onlineManager, useMutation, useQueryClient } from '@tanstack/react-query';
import { itineraryKeys } from './query-keys';

/**
 * A change to an itinerary's stages or places that shows at once (optimistic UI): `apply`
 * edits the cached tree before the request; on error the tree rolls back and the caller shows
 * the error (a 409 conflict carries the current row, to show and reapply).
 */
export function useTreeMutation<TInput, TResult>(
  itineraryId: string,
  options: {
    request: (input: TInput) => Promise<TResult>;
    apply: (tree: ItineraryTree, input: TInput) => ItineraryTree;
  },
) {
  const queryClient = useQueryClient();
  const key = itineraryKeys.tree(itineraryId);
  return useMutation({
    // Runs offline too: the API client queues the write in the outbox (online: unchanged).
    networkMode: 'always',
    mutationFn: options.request,
    onMutate: async (input: TInput) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ItineraryTree>(key);
      if (previous) queryClient.setQueryData(key, options.apply(previous, input));
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: async () => {
      const refreshed = Promise.all([
        queryClient.invalidateQueries({ queryKey: key }),
        queryClient.invalidateQueries({ queryKey: itineraryKeys.lists() }),
      ]);
      // Offline the refetch waits for the connection: the change (queued) is done already.
      if (onlineManager.isOnline()) await refreshed;
    },
  });
}

/** A temporary id for an optimistic row (replaced when the server answers). */
export function temporaryId(): string {
  return `temp-${crypto.randomUUID()}`;
}
