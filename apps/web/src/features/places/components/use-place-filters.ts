import { PLACE_CATEGORIES, type PlaceCategory } from '@jammy/shared/itinerary-limits';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { PlaceFilters, StageFilter } from '../lib/place-order';

function isCategory(value: string): value is PlaceCategory {
  return (PLACE_CATEGORIES as readonly string[]).includes(value);
}

function parse(params: URLSearchParams): PlaceFilters {
  return {
    stage: params.get('stage') || 'all',
    categories: (params.get('category') ?? '').split(',').filter(isCategory),
  };
}

function serialize(filters: PlaceFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.stage !== 'all') params.set('stage', filters.stage);
  if (filters.categories.length > 0) params.set('category', filters.categories.join(','));
  return params;
}

/**
 * The map page's filters. They apply at once (state) and are mirrored in the address
 * (`?stage=…&category=food,drink`), so a filtered view can be bookmarked, shared and reloaded.
 */
export function usePlaceFilters(): {
  filters: PlaceFilters;
  setStage: (stage: StageFilter) => void;
  setCategories: (categories: PlaceCategory[]) => void;
  clear: () => void;
} {
  const [params, setParams] = useSearchParams();
  const [filters, setFilters] = useState(() => parse(params));

  function apply(next: PlaceFilters) {
    setFilters(next);
    setParams(serialize(next), { replace: true, preventScrollReset: true });
  }

  return {
    filters,
    setStage: (stage) => apply({ ...filters, stage }),
    setCategories: (categories) => apply({ ...filters, categories }),
    clear: () => apply({ stage: 'all', categories: [] }),
  };
}
