import type {
  AcceptInboxItem,
  InboxAddress,
  InboxItem,
  UpdateInboxItem,
} from '@jammy/shared/inbox';
import type { Itinerary, Page } from '@jammy/shared/itineraries';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest, postFile } from '../../../lib/api-client';

/** The inbox's queries: its items, and the trips an item may go to. */
export const inboxKeys = {
  all: ['inbox'] as const,
  items: () => [...inboxKeys.all, 'items'] as const,
  trips: () => [...inboxKeys.all, 'trips'] as const,
  address: () => [...inboxKeys.all, 'address'] as const,
};

/**
 * Accepting an item or undoing its changes writes bookings of trips: every trip's cached data
 * is read again (the trips' queries all start with this key, features/itineraries/api/keys).
 */
const TRIPS_KEY = ['itineraries'] as const;

export const inboxQuery = () =>
  queryOptions({
    queryKey: inboxKeys.items(),
    queryFn: ({ signal }) => apiRequest<Page<InboxItem>>('/api/inbox?limit=100', { signal }),
  });

export function useInbox() {
  return useQuery(inboxQuery());
}

/** The traveller's trips, newest first: where an item may be moved. */
export function useTripChoices() {
  return useQuery({
    queryKey: inboxKeys.trips(),
    queryFn: ({ signal }) => apiRequest<Page<Itinerary>>('/api/itineraries?limit=100', { signal }),
  });
}

/** The traveller's forwarding address. */
export function useForwardingAddress() {
  return useQuery({
    queryKey: inboxKeys.address(),
    queryFn: ({ signal }) => apiRequest<InboxAddress>('/api/inbox/address', { signal }),
  });
}

export const useRotateAddress = () =>
  useInboxMutation(() => apiRequest<InboxAddress>('/api/inbox/address/rotate', { method: 'POST' }));

/**
 * Sends a file as the request body with its media type (apiRequest speaks JSON only); the
 * refusal is an ApiError as any other.
 */
async function sendFile(file: File): Promise<InboxItem> {
  const type = /\.eml$/i.test(file.name)
    ? 'message/rfc822'
    : /\.pkpass$/i.test(file.name)
      ? 'application/vnd.apple.pkpass'
      : /\.ics$/i.test(file.name)
        ? 'text/calendar'
        : file.type || 'application/octet-stream';
  const name = encodeURIComponent(file.name.slice(0, 200));
  return postFile<InboxItem>(`/api/inbox/items?name=${name}`, type, file);
}

/** A write of the inbox: the items are read again, and the trips when bookings changed. */
function useInboxMutation<TInput, TResult>(
  request: (input: TInput) => Promise<TResult>,
  changesTrips = false,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
        changesTrips ? queryClient.invalidateQueries({ queryKey: TRIPS_KEY }) : undefined,
      ]);
    },
  });
}

export const useUploadToInbox = () => useInboxMutation(sendFile, true);

export const usePasteToInbox = () =>
  useInboxMutation((text: string) =>
    apiRequest<InboxItem>('/api/inbox/text', { method: 'POST', body: { text } }),
  );

export const useChangeItem = () =>
  useInboxMutation(({ id, body }: { id: string; body: UpdateInboxItem }) =>
    apiRequest<InboxItem>(`/api/inbox/items/${id}`, { method: 'PATCH', body }),
  );

export const useAcceptItem = () =>
  useInboxMutation(
    ({ id, body }: { id: string; body: AcceptInboxItem }) =>
      apiRequest<InboxItem>(`/api/inbox/items/${id}/accept`, { method: 'POST', body }),
    true,
  );

export const useUndoItem = () =>
  useInboxMutation(
    (id: string) => apiRequest<InboxItem>(`/api/inbox/items/${id}/undo`, { method: 'POST' }),
    true,
  );

export const useDismissItem = () =>
  useInboxMutation((id: string) =>
    apiRequest<undefined>(`/api/inbox/items/${id}`, { method: 'DELETE' }),
  );

export const useClearInbox = () =>
  useInboxMutation(() => apiRequest<undefined>('/api/inbox', { method: 'DELETE' }));

/** Reads the items again whenever one arrives (the inbox's live stream). */
export function useInboxArrivals() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/inbox/events');
    const arrived = () => void queryClient.invalidateQueries({ queryKey: inboxKeys.items() });
    source.addEventListener('inbox.item', arrived);
    return () => source.close();
  }, [queryClient]);
}
