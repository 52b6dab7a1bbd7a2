/// <reference lib="webworker" />
import type { WorkboxPlugin } from 'workbox-core';
import type { PrecacheController } from 'workbox-precaching';
import type { PrecacheEntry } from 'workbox-precaching/_types.js';

/**
 * The first install of the worker in two steps, so that the page a traveller has just opened
 * works offline about a second after it has loaded, instead of once all 2 MB of the app's code
 * had arrived one file after another (Workbox installs its list one file at a time, and only
 * then may the worker take the page):
 *
 * 1. `cacheShell`, the install: index.html and the code of the app's frame that a page loads on
 *    demand (marked `shell` in the list at build time, `shellCode` in vite.config.ts), all at
 *    once. The worker then takes the page. What the page has loaded (the frame's code index.html
 *    names, the page's own) is in the browser's HTTP cache: until step 2 keeps it, a listed file
 *    not kept yet is read from there when the network fails (`fromTheBrowsersCache`). Keeping
 *    those hundred files first held the install back by half a second.
 * 2. `cacheTheRest`, once the page has shown and asks: every listed file not kept yet, a few at
 *    a time, so the pages not opened yet work offline too. A first visit cut short finishes at
 *    the next.
 *
 * An update installs everything before it may take over (`cacheUpdate`).
 */

/** Files fetched at once while the rest is cached. */
const PARALLEL_FETCHES = 4;

interface Listed {
  url: string;
  cacheKey: string;
  /** Its address names its version (a hash): a copy the browser holds is the same file. */
  hashed: boolean;
}

function listed(precache: PrecacheController): Listed[] {
  // A file whose address has no hash carries its revision in its cache key.
  return [...precache.getURLsToCacheKeys()].map(([url, cacheKey]) => ({
    url,
    cacheKey,
    hashed: url === cacheKey,
  }));
}

async function keep(cache: Cache, entry: Listed): Promise<boolean> {
  const response = await fetch(entry.url, {
    cache: entry.hashed ? 'default' : 'reload',
    credentials: 'same-origin',
  });
  if (!response.ok || response.redirected) return false;
  await cache.put(entry.cacheKey, response);
  return true;
}

/** The addresses of the list's entries marked as the shell at build time. */
export function shellOf(manifest: readonly (PrecacheEntry | string)[]): Set<string> {
  return new Set(
    manifest.flatMap((entry) =>
      typeof entry !== 'string' && 'shell' in entry && entry.shell === true
        ? [new URL(entry.url, self.location.href).href]
        : [],
    ),
  );
}

/**
 * Step 1: the shell, all at once (most of it from the browser's HTTP cache: the page loaded
 * it). Without index.html nothing works offline: the install fails and is tried again; a file
 * of the frame that fails is fetched again in step 2.
 */
export async function cacheShell(precache: PrecacheController, shell: Set<string>): Promise<void> {
  const cache = await caches.open(precache.strategy.cacheName);
  const entries = listed(precache).filter((entry) => shell.has(entry.url));
  const kept = await Promise.all(entries.map((entry) => keep(cache, entry).catch(() => false)));
  const index = entries.findIndex((entry) => new URL(entry.url).pathname === '/index.html');
  if (!kept[index]) throw new Error('index.html could not be cached');
}

/**
 * A listed file not kept yet, without a connection: the copy the browser holds in its HTTP
 * cache, if any (hashed files are served `immutable`, so any copy is the right one).
 */
export const fromTheBrowsersCache: WorkboxPlugin = {
  handlerDidError: async ({ request }) => {
    try {
      const copy = await fetch(request.url, {
        cache: 'force-cache',
        credentials: 'same-origin',
      });
      return copy.ok ? copy : undefined;
    } catch {
      return undefined;
    }
  },
};

/**
 * A listed file served from the network before step 2 kept it (the page asked for it first):
 * kept as it passes, when its address names its version. Without this, a reload just after the
 * first visit found it only in the browser's HTTP cache, which a request cut short by that
 * reload never reached, and the page failed offline.
 */
export function keepWhatIsServed(precache: PrecacheController): WorkboxPlugin {
  return {
    fetchDidSucceed: async ({ request, response, event }) => {
      const hashed = precache.getCacheKeyForURL(request.url) === request.url;
      if (hashed && response.ok && !response.redirected && request.method === 'GET') {
        const copy = response.clone();
        const kept = caches
          .open(precache.strategy.cacheName)
          .then((cache) => cache.put(request.url, copy))
          .catch(() => undefined);
        try {
          // Still answering: the worker lives until the copy is kept.
          if (event instanceof ExtendableEvent) event.waitUntil(kept);
        } catch {
          // The event has ended: the copy is kept while the worker lives.
        }
      }
      return response;
    },
  };
}

/** Fetches and keeps every listed file not kept yet, a few at a time; answers how many failed. */
async function keepMissing(precache: PrecacheController): Promise<number> {
  const cache = await caches.open(precache.strategy.cacheName);
  const kept = new Set((await cache.keys()).map((request) => request.url));
  const missing = listed(precache).filter((entry) => !kept.has(entry.cacheKey));
  let failed = 0;
  const next = async (): Promise<void> => {
    const entry = missing.shift();
    if (!entry) return;
    if (!(await keep(cache, entry).catch(() => false))) failed += 1;
    return next();
  };
  await Promise.all(Array.from({ length: PARALLEL_FETCHES }, next));
  return failed;
}

let filling: Promise<number> | null = null;

/**
 * Step 2: every listed file not kept yet (one run at a time, however often it is asked).
 * Answers whether every file is kept now; one that failed (offline again) is fetched when the
 * next page asks.
 */
export async function cacheTheRest(precache: PrecacheController): Promise<boolean> {
  filling ??= keepMissing(precache).finally(() => {
    filling = null;
  });
  return (await filling) === 0;
}

/**
 * An update's install: every listed file the current worker's list did not have, a few at a
 * time (Workbox's own install fetched them one after another). If one fails, so does the
 * install: the new worker must never take over without all its files, and the next check
 * for updates tries again.
 */
export async function cacheUpdate(precache: PrecacheController): Promise<void> {
  const failed = await keepMissing(precache);
  if (failed > 0) throw new Error(`${failed} files of the new version could not be cached`);
}
