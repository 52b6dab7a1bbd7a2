import type { Me } from '@jammy/shared/account';
import type { Itinerary } from '@jammy/shared/itineraries';
import type {
  PresetDetail,
  PresetSummary,
  copyPresetSchema,
  presetPageSchema,
  publishPresetSchema,
  updatePresetSchema,
} from '@jammy/shared/presets';
import { PRESET_PAGE_MAX } from '@jammy/shared/presets-plain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { filtersFrom, filtersToQuery, type PresetFilters } from '../lib/filters';
import { presetKeys } from './keys';

type PresetPage = z.infer<typeof presetPageSchema>;
type CopyPreset = z.input<typeof copyPresetSchema>;
type PublishPreset = z.input<typeof publishPresetSchema>;
type UpdatePreset = z.input<typeof updatePresetSchema>;

/** A 4xx will not change by asking again; network failures and 5xx may. */
function retryUnlessFinal(failures: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failures < 2;
}

/**
 * GET /api/presets: the published Jammy itineraries matching the filters, recommended ones
 * first for a signed-in reader, in the page's `language`; `viewer` (who is asking) keys the cache.
 */
export function presetsQuery(filters: PresetFilters, viewer: string | null, language: string) {
  return queryOptions({
    queryKey: [...presetKeys.list(filters, viewer), language],
    queryFn: async ({ signal }) => {
      const query = filtersToQuery(filters);
      query.set('lang', language);
      query.set('limit', String(PRESET_PAGE_MAX));
      // The catalogue is small: every page, in order, makes the list the page shows.
      const cards: PresetSummary[] = [];
      for (let cursor: string | null = null, first = true; first || cursor; first = false) {
        if (cursor) query.set('cursor', cursor);
        const page = await apiRequest<PresetPage>(`/api/presets?${query.toString()}`, { signal });
        cards.push(...page.items);
        cursor = page.nextCursor;
      }
      return cards;
    },
    staleTime: 60_000,
    retry: retryUnlessFinal,
  });
}

/**
 * What /jammy-itineraries shows for the filters of its address `search`: its list query (the
 * unpublished ones only for an admin who asks). One definition for the page and for its
 * route's loader, which starts the query before the page's code is drawn: the same key, so
 * the page finds the answer (or the request under way) in the cache.
 */
export function catalogueQuery(search: URLSearchParams, me: Me | null, language: string) {
  const filters = filtersFrom(search);
  const effective = { ...filters, all: me?.role === 'admin' && filters.all };
  return { filters, effective, query: presetsQuery(effective, me?.id ?? null, language) };
}

/** GET /api/presets/{id}: one Jammy itinerary with its stages and places. */
export function presetQuery(id: string, language: string) {
  return queryOptions({
    queryKey: presetKeys.detail(id, language),
    queryFn: ({ signal }) =>
      apiRequest<PresetDetail>(`/api/presets/${id}?lang=${language}`, { signal }),
    staleTime: 60_000,
    retry: retryUnlessFinal,
  });
}

/** POST /api/presets/{id}/copy: a new itinerary of mine, dated from `startDate`. */
export function useCopyPreset(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ language, ...input }: CopyPreset & { language: string }) =>
      apiRequest<Itinerary>(`/api/presets/${id}/copy?lang=${language}`, {
        method: 'POST',
        body: input,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['itineraries'] }),
  });
}

/** POST /api/presets (admin): publishes a snapshot of one of my itineraries. */
export function usePublishPreset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PublishPreset) =>
      apiRequest<PresetSummary>('/api/presets', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: presetKeys.all }),
  });
}

/** PATCH /api/presets/{id} (admin): listing fields, published, premium. */
export function useUpdatePreset(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdatePreset) =>
      apiRequest<PresetDetail>(`/api/presets/${id}`, { method: 'PATCH', body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: presetKeys.all }),
  });
}

/** DELETE /api/presets/{id} (admin): removes the Jammy itinerary (copies stay). */
export function useDeletePreset(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number | undefined) =>
      apiRequest<undefined>(`/api/presets/${id}`, {
        method: 'DELETE',
        ...(version === undefined ? {} : { body: { version } }),
      }),
    onSuccess: () => queryClient.removeQueries({ queryKey: presetKeys.all }),
  });
}
