import { PLACE_CATEGORIES, type PlaceCategory } from '@jammy/shared/itinerary-limits';
import type { GeoPlace } from '@jammy/shared/geo';
import type { Problem, ProblemKind } from './problem';

/** A place chosen on the add page, not saved yet. */
export interface Pick {
  /** Stable within the tray: the search result's id, or `pin-…` for a dropped pin. */
  key: string;
  name: string;
  category: PlaceCategory;
  lat: number;
  lng: number;
  address: string | null;
  /** The geocoder's opening hours (OpenStreetMap syntax), when it gave them. */
  openingHours?: string;
  /** What the search said it is (city, point of interest), or `pin`. */
  origin: 'city' | 'poi' | 'pin';
}

/** A place chosen from the search's results, as the tray holds it. */
export function pickFromSearch(place: GeoPlace): Pick {
  const region = place.kind === 'poi' && place.admin ? place.admin : null;
  return {
    key: place.id,
    name: place.name,
    // From the data: `city` for a town of the gazetteer, the geocoder's own tag otherwise.
    category: place.category,
    lat: place.lat,
    lng: place.lng,
    address: [region, place.countryName].filter(Boolean).join(', ') || null,
    ...(place.openingHours ? { openingHours: place.openingHours } : {}),
    origin: place.kind,
  };
}

/** Why the last add failed, kept with the picks that were not added. */
export interface PickFailure {
  problem: Problem;
  /** Places of the same batch that were added before the failure. */
  addedIds: string[];
  /** When it failed (ISO instant). */
  at: string;
}

/** The picks of one stage that are not saved yet, and the last failure if any. */
export interface StoredPicks {
  picks: Pick[];
  failure: PickFailure | null;
}

const PROBLEM_KINDS: readonly ProblemKind[] = [
  'network',
  'forbidden',
  'notFound',
  'conflict',
  'validation',
  'signedOut',
  'server',
];

function storageKey(stageId: string): string {
  return `jammy.stage-picks.${stageId}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isPick(value: unknown): value is Pick {
  return (
    isRecord(value) &&
    typeof value.key === 'string' &&
    typeof value.name === 'string' &&
    typeof value.lat === 'number' &&
    typeof value.lng === 'number' &&
    (PLACE_CATEGORIES as readonly unknown[]).includes(value.category) &&
    (value.openingHours === undefined || typeof value.openingHours === 'string') &&
    ['city', 'poi', 'pin'].includes(String(value.origin))
  );
}

function readFailure(value: unknown): PickFailure | null {
  if (!isRecord(value) || !isRecord(value.problem)) return null;
  const { problem } = value;
  const kind = PROBLEM_KINDS.find((candidate) => candidate === problem.kind);
  if (!kind) return null;
  return {
    problem: {
      kind,
      status: typeof problem.status === 'number' ? problem.status : 0,
      fields: Array.isArray(problem.fields) ? problem.fields.map(String) : [],
    },
    addedIds: Array.isArray(value.addedIds) ? value.addedIds.map(String) : [],
    at: typeof value.at === 'string' ? value.at : new Date().toISOString(),
  };
}

/** The stage's unsaved picks from this tab's session storage (nothing when unreadable). */
export function loadPicks(stageId: string): StoredPicks {
  try {
    const raw: unknown = JSON.parse(sessionStorage.getItem(storageKey(stageId)) ?? 'null');
    if (!isRecord(raw) || !Array.isArray(raw.picks)) return { picks: [], failure: null };
    return { picks: raw.picks.filter(isPick), failure: readFailure(raw.failure) };
  } catch {
    return { picks: [], failure: null };
  }
}

/** Keeps the picks (and failure) for the stage; clears them when there are none. */
export function savePicks(stageId: string, stored: StoredPicks): void {
  try {
    if (stored.picks.length === 0) sessionStorage.removeItem(storageKey(stageId));
    else sessionStorage.setItem(storageKey(stageId), JSON.stringify(stored));
  } catch {
    // Storage full or disabled: the picks stay in memory for this page.
  }
}
