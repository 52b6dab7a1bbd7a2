import type { PresetFilters } from '../lib/filters';

/** TanStack Query keys of Jammy itineraries and interests. */
export const presetKeys = {
  all: ['presets'] as const,
  lists: () => [...presetKeys.all, 'list'] as const,
  list: (filters: PresetFilters, viewer: string | null) =>
    [...presetKeys.lists(), viewer, filters] as const,
  detail: (id: string, language: string) => [...presetKeys.all, 'detail', id, language] as const,
  interests: ['interests'] as const,
};
