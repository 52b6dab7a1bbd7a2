import { INTEREST_IDS, type InterestId } from '@jammy/shared/interests-plain';
import { REGIONS, TRIP_LENGTHS, type Region, type TripLength } from '@jammy/shared/presets-plain';

/** The filters of /jammy-itineraries, as they stand in the URL's query. */
export interface PresetFilters {
  interest: InterestId | null;
  region: Region | null;
  length: TripLength | null;
  /** Admins only: unpublished ones too. */
  all: boolean;
}

export const TRIP_LENGTH_IDS = Object.keys(TRIP_LENGTHS) as TripLength[];

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return values.find((candidate) => candidate === value) ?? null;
}

/** Reads the filters from a query string; unknown values are ignored, not errors. */
export function filtersFrom(params: URLSearchParams): PresetFilters {
  return {
    interest: oneOf(INTEREST_IDS, params.get('interest')),
    region: oneOf(REGIONS, params.get('region')),
    length: oneOf(TRIP_LENGTH_IDS, params.get('length')),
    all: params.get('all') === 'true',
  };
}

/** The query string of GET /api/presets (and of the page) for `filters`. */
export function filtersToQuery(filters: PresetFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.interest) params.set('interest', filters.interest);
  if (filters.region) params.set('region', filters.region);
  if (filters.length) params.set('length', filters.length);
  if (filters.all) params.set('all', 'true');
  return params;
}

/** Adds `days` to a `YYYY-MM-DD` date (UTC, so no time zone shifts it). */
export function addDays(date: string, days: number): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

/** Today in the traveller's own calendar, as `YYYY-MM-DD`. */
export function today(now = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}
