import { OFFLINE_CACHE_DEFAULT_BYTES, OFFLINE_CACHE_MIN_BYTES } from '@jammy/shared/constants';
import {
  dehydrate,
  hydrate,
  type DehydratedState,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { del, get, set } from 'idb-keyval';
import { useSyncExternalStore } from 'react';

/**
 * The offline copy of what the traveller has read: TanStack Query's cache, dehydrated to
 * IndexedDB (idb-keyval) under a key of its own per traveller. It is written at most a second
 * after each change (and when the page is left), keeping what earlier visits saved, and read
 * back only when the server cannot be reached (online, every page starts from the server, so a
 * form never starts from an old copy). Itineraries beyond the size budget go least recently
 * fetched first.
 */

const FORMAT = 1;
const USER_KEY = 'jammy:offline-user';
const SETTINGS_KEY = 'jammy:offline-settings';
const WRITE_DELAY_MS = 1000;
/** The longest a write waits for the browser to be idle after that. */
const IDLE_TIMEOUT_MS = 3000;
/** …and when a trip's data has just arrived, which is kept as soon as can be. */
const FIRST_TRIP_IDLE_TIMEOUT_MS = 300;

export interface OfflineSettings {
  /** The budget of the saved copy in bytes (spec §9: default 40 MB, at least 1 MB). */
  cacheBytes: number;
  /** Fetch and keep every trip of the traveller, not only those opened. */
  keepAllTrips: boolean;
}

interface SavedCache {
  format: number;
  savedAt: number;
  state: DehydratedState;
}

const storageKey = (userId: string) => `jammy:queries:${userId}`;

export function readOfflineSettings(): OfflineSettings {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? 'null');
    if (typeof saved === 'object' && saved !== null) {
      const bytes = 'cacheBytes' in saved ? Number(saved.cacheBytes) : NaN;
      return {
        cacheBytes: Number.isFinite(bytes)
          ? Math.max(OFFLINE_CACHE_MIN_BYTES, Math.round(bytes))
          : OFFLINE_CACHE_DEFAULT_BYTES,
        keepAllTrips: 'keepAllTrips' in saved && saved.keepAllTrips === true,
      };
    }
  } catch {
    // A broken setting is the default.
  }
  return { cacheBytes: OFFLINE_CACHE_DEFAULT_BYTES, keepAllTrips: false };
}

const settingsListeners = new Set<() => void>();
let settingsSnapshot: OfflineSettings | null = null;

export function writeOfflineSettings(settings: OfflineSettings): void {
  const cacheBytes = Math.max(OFFLINE_CACHE_MIN_BYTES, Math.round(settings.cacheBytes));
  localStorage.setItem(SETTINGS_KEY, JSON.stringify({ ...settings, cacheBytes }));
  settingsSnapshot = null;
  for (const listener of settingsListeners) listener();
}

/** The offline settings, re-rendering when they change. */
export function useOfflineSettings(): OfflineSettings {
  return useSyncExternalStore(
    (listener) => {
      settingsListeners.add(listener);
      return () => settingsListeners.delete(listener);
    },
    () => (settingsSnapshot ??= readOfflineSettings()),
  );
}

/** Whose copy is saved on this device (the last traveller signed in here), if any. */
export function savedUser(): string | null {
  return localStorage.getItem(USER_KEY);
}

const PERSISTED_ROOTS = new Set(['me', 'client-config', 'itineraries']);

/** The itinerary a query belongs to (tree, notes, lists), when it is one's. */
export function itineraryOf(queryKey: readonly unknown[]): string | null {
  const [root, kind, id] = queryKey;
  if (root !== 'itineraries' || typeof id !== 'string') return null;
  return kind === 'tree' || kind === 'notes' || kind === 'trip-lists' ? id : null;
}

/** A query as the cache holds it, or as it was saved: what the budget needs of it. */
interface SizedQuery {
  queryKey: readonly unknown[];
  state: { data: unknown; dataUpdatedAt: number };
}

function sizeOf(query: SizedQuery): number {
  return JSON.stringify(query.state.data ?? null).length;
}

/**
 * Which itineraries fit the budget: everything else first, then itineraries from the most
 * recently fetched down, until the budget is spent (the least recently used go).
 */
export function itinerariesWithinBudget(
  queries: readonly SizedQuery[],
  budget: number,
): Set<string> {
  let spent = 0;
  const trips = new Map<string, { bytes: number; usedAt: number }>();
  for (const query of queries) {
    const id = itineraryOf(query.queryKey);
    if (id === null) {
      spent += sizeOf(query);
      continue;
    }
    const trip = trips.get(id) ?? { bytes: 0, usedAt: 0 };
    trip.bytes += sizeOf(query);
    trip.usedAt = Math.max(trip.usedAt, query.state.dataUpdatedAt);
    trips.set(id, trip);
  }
  const kept = new Set<string>();
  for (const [id, trip] of [...trips].sort((a, b) => b[1].usedAt - a[1].usedAt)) {
    if (spent + trip.bytes > budget) continue;
    spent += trip.bytes;
    kept.add(id);
  }
  return kept;
}

/**
 * Whether a query is worth keeping: it has data (a refetch that failed offline keeps the data
 * it had, which is still the best copy there is) and is one of the persisted kinds.
 */
function persistable(query: Query): boolean {
  const root = query.queryKey[0];
  return query.state.data !== undefined && typeof root === 'string' && PERSISTED_ROOTS.has(root);
}

async function savedCopy(userId: string): Promise<SavedCache | null> {
  const saved = (await get<SavedCache>(storageKey(userId))) ?? null;
  return saved?.format === FORMAT ? saved : null;
}

/**
 * Writes the cache over the saved copy. What this page has not loaded (a trip read on an
 * earlier visit) is carried over from the saved copy, so every trip opened on this device
 * stays readable offline until the budget pushes it out.
 */
async function save(queryClient: QueryClient): Promise<void> {
  const me: unknown = queryClient.getQueryData(['me']);
  const userId =
    typeof me === 'object' && me !== null && 'id' in me && typeof me.id === 'string' ? me.id : null;
  if (!userId) return;
  const previous = savedUser();
  if (previous && previous !== userId) await del(storageKey(previous));
  localStorage.setItem(USER_KEY, userId);
  const state = dehydrate(queryClient, { shouldDehydrateQuery: persistable });
  // Saved as the data it is: a failed refetch must not come back as an error page.
  for (const query of state.queries) {
    if (query.state.status === 'error') {
      query.state = { ...query.state, status: 'success', error: null, fetchFailureReason: null };
    }
  }
  const loaded = new Set(state.queries.map((query) => query.queryHash));
  const earlier = previous === userId ? await savedCopy(userId).catch(() => null) : null;
  const carried = (earlier?.state.queries ?? []).filter((query) => !loaded.has(query.queryHash));
  const queries = [...state.queries, ...carried];
  const kept = itinerariesWithinBudget(queries, readOfflineSettings().cacheBytes);
  const saved: SavedCache = {
    format: FORMAT,
    savedAt: Date.now(),
    state: {
      ...state,
      queries: queries.filter((query) => {
        const id = itineraryOf(query.queryKey);
        return id === null || kept.has(id);
      }),
    },
  };
  await set(storageKey(userId), saved);
}

let restored: Promise<boolean> | null = null;

/**
 * Puts the saved copy back into the cache (once per page): data already fetched is newer
 * and stays. Answers whether there was a copy.
 */
export function restoreOfflineCache(queryClient: QueryClient): Promise<boolean> {
  restored ??= (async () => {
    const userId = savedUser();
    if (!userId) return false;
    try {
      const saved = await savedCopy(userId);
      if (!saved) return false;
      hydrate(queryClient, saved.state);
      return true;
    } catch {
      return false;
    }
  })();
  return restored;
}

let stopSaving: (() => void) | null = null;

/**
 * Saves the cache at most a second after it changes (a steady stream of changes does not
 * postpone it), as soon as the browser is idle when a trip's data first arrives, and at once
 * when the page is hidden or left, for as long as the page lives.
 */
export function startSavingOfflineCache(queryClient: QueryClient): void {
  if (stopSaving) return;
  // A change waits a second (changes come in bursts), then for the browser to be idle (three
  // seconds at most): the copy (serialising every trip read) must not compete with the first
  // render of the page that asked for the data. A trip's data arriving for the first time in
  // this page does not wait the second: a traveller may lose the connection right after
  // opening a trip, and the page must then open from the copy.
  let pending = false;
  let cancel = () => {};
  const arrived = new Set<string>();
  const flush = () => {
    cancel();
    pending = false;
    void save(queryClient).catch(() => undefined);
  };
  const whenIdle = (timeout: number) => {
    if (typeof requestIdleCallback !== 'function') return flush();
    const idle = requestIdleCallback(flush, { timeout });
    cancel = () => cancelIdleCallback(idle);
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' && event.type !== 'removed') return;
    const { query } = event;
    const firstTripData =
      event.type === 'updated' &&
      event.action.type === 'success' &&
      itineraryOf(query.queryKey) !== null &&
      !arrived.has(query.queryHash);
    if (firstTripData) arrived.add(query.queryHash);
    if (pending && !firstTripData) return;
    cancel();
    pending = true;
    if (firstTripData) return whenIdle(FIRST_TRIP_IDLE_TIMEOUT_MS);
    const timer = setTimeout(() => whenIdle(IDLE_TIMEOUT_MS), WRITE_DELAY_MS);
    cancel = () => clearTimeout(timer);
  });
  // Leaving the page (reload, another address, closing the tab) must not lose the last second.
  const onHide = () => {
    if (pending) flush();
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') onHide();
  };
  addEventListener('pagehide', onHide);
  document.addEventListener('visibilitychange', onVisibility);
  stopSaving = () => {
    cancel();
    unsubscribe();
    removeEventListener('pagehide', onHide);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}

/** Sign-out (or another traveller signing in): the saved copy of the last one goes. */
export async function clearOfflineCache(): Promise<void> {
  // Outside a browser (unit tests, a page without storage) there is nothing saved to clear.
  if (typeof localStorage === 'undefined') return;
  const userId = savedUser();
  localStorage.removeItem(USER_KEY);
  if (userId) await del(storageKey(userId)).catch(() => undefined);
}
