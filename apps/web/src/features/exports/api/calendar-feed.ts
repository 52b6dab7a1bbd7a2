import type { CalendarFeed, CalendarFeedState, CreateCalendarFeed } from '@jammy/shared/exports';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { exportKeys } from './keys';

/** The caller's calendar feed of a trip (its address is not repeated after creation). */
export function useCalendarFeed(id: string, enabled: boolean) {
  return useQuery({
    queryKey: exportKeys.feed(id),
    queryFn: () => apiRequest<CalendarFeedState>(`/api/itineraries/${id}/calendar-feed`),
    enabled,
  });
}

/**
 * Makes the feed, or a new address for it (the old one stops working), with or without
 * confirmation codes; `url` is only here.
 */
export function useCreateCalendarFeed(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCalendarFeed) =>
      apiRequest<CalendarFeed>(`/api/itineraries/${id}/calendar-feed`, { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: exportKeys.feed(id) }),
  });
}

export function useRevokeCalendarFeed(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<undefined>(`/api/itineraries/${id}/calendar-feed`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: exportKeys.feed(id) }),
  });
}
