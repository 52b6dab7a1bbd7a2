/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { PrecacheController, PrecacheRoute, cleanupOutdatedCaches } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import {
  cacheShell,
  cacheTheRest,
  cacheUpdate,
  fromTheBrowsersCache,
  keepWhatIsServed,
  shellOf,
} from './precache-in-two-steps';
import { isShareTarget, receiveShare } from './share-target';
import { RUNTIME_CACHES, WORKER_MESSAGES } from './worker-protocol';

declare const self: ServiceWorkerGlobalScope;

const DAY_SECONDS = 24 * 60 * 60;
/** A navigation that has not answered by then gets the saved shell (a connection that hangs). */
const NAVIGATION_TIMEOUT_MS = 5000;

// The shell and the signed-in pages' code (the list is written in at build time).
const manifest = self.__WB_MANIFEST;
const precache = new PrecacheController({ plugins: [fromTheBrowsersCache] });
precache.strategy.plugins.push(keepWhatIsServed(precache));
precache.addToCacheList(manifest);
registerRoute(new PrecacheRoute(precache));
// The first install caches the shell, then takes the page; the rest follows when the page asks
// (precache-in-two-steps.ts). An update installs everything while the current worker serves.
self.addEventListener('install', (event) => {
  const firstInstall = self.registration.active === null;
  event.waitUntil(firstInstall ? cacheShell(precache, shellOf(manifest)) : cacheUpdate(precache));
});
self.addEventListener('activate', (event) => void precache.activate(event));
cleanupOutdatedCaches();
// The first worker is active as soon as the shell is kept: a reload, or any page opened from
// then on, works offline. It takes the open page (clients.claim) when that page asks, once it
// has shown (WORKER_MESSAGES.claim): a page whose requests went through a new worker while it
// still loaded was measured slower (Lighthouse, total blocking time). An updated worker waits
// until the traveller chooses Reload (WORKER_MESSAGES.skipWaiting).

/** Addresses the page fetches as data or files, never as a page. */
function isNotAPage(url: URL): boolean {
  return /^\/(api|v0|builds)(\/|$)/.test(url.pathname) || /\.[a-z0-9]+$/i.test(url.pathname);
}

// What a phone's share sheet sends to the installed app: kept, then the inbox sends it in.
registerRoute(
  ({ url }) => isShareTarget(url, self.location.origin),
  ({ request }) => receiveShare(request),
  'POST',
);

// Pages: the network first (it knows the language redirect and the 404 status); without an
// answer, the saved shell, whose router shows the page from the saved data.
registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && url.origin === self.location.origin && !isNotAPage(url),
  async ({ request }) => {
    const shell = async () => (await precache.matchPrecache('/index.html')) ?? Response.error();
    const network = fetch(request);
    const timeout = new Promise<'timeout'>((resolve) =>
      setTimeout(() => resolve('timeout'), NAVIGATION_TIMEOUT_MS),
    );
    try {
      const first = await Promise.race([network, timeout]);
      return first === 'timeout' ? await shell() : first;
    } catch {
      return shell();
    }
  },
);

// Code not precached (other languages' messages, pages that need a connection anyway):
// kept once loaded; names are hashed, so a copy never goes stale.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: RUNTIME_CACHES.assets,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 60 * DAY_SECONDS }),
    ],
  }),
);

/**
 * Images kept once seen (answers of 200 only), bounded in count and in age (30 days), the
 * oldest out first, and given up when the device's storage runs short.
 */
function keptImages(cacheName: string, maxEntries: number): CacheFirst {
  return new CacheFirst({
    cacheName,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({
        maxEntries,
        maxAgeSeconds: 30 * DAY_SECONDS,
        purgeOnQuotaError: true,
      }),
    ],
  });
}

/** A photo's copy of the storage API (`alt=media`) in `variant`: its address carries its token. */
function isPhoto(url: URL, variant: 'thumb' | 'medium'): boolean {
  return (
    url.origin === self.location.origin &&
    url.pathname.startsWith('/v0/b/') &&
    url.searchParams.get('alt') === 'media' &&
    url.searchParams.get('variant') === variant
  );
}

// Map tiles (the tile server's, loaded with CORS) and other images from elsewhere already
// seen.
registerRoute(
  ({ request, url }) => request.destination === 'image' && url.origin !== self.location.origin,
  keptImages(RUNTIME_CACHES.tiles, 800),
);

// Photos' thumbnails (`variant=thumb`).
registerRoute(({ url }) => isPhoto(url, 'thumb'), keptImages(RUNTIME_CACHES.thumbnails, 400));

// Photos' larger copies (`variant=medium`: a trip's cover at the top of its overview, the
// lightbox): kept once seen, and a saved trip's cover is fetched into it (keep-offline.ts), so
// the trip keeps its cover offline.
registerRoute(({ url }) => isPhoto(url, 'medium'), keptImages(RUNTIME_CACHES.pictures, 200));

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  const type = typeof data === 'object' && data !== null && 'type' in data ? data.type : null;
  const reply = (value: unknown) => event.ports[0]?.postMessage(value);
  if (type === WORKER_MESSAGES.skipWaiting) {
    void self.skipWaiting();
  } else if (type === WORKER_MESSAGES.claim) {
    event.waitUntil(self.clients.claim());
  } else if (type === WORKER_MESSAGES.cacheTheRest) {
    event.waitUntil(cacheTheRest(precache).then((complete) => reply({ complete })));
  } else if (type === WORKER_MESSAGES.getBuild) {
    reply({ buildId: __BUILD_ID__ });
  } else if (type === WORKER_MESSAGES.clearUserCaches) {
    // Sign-out: what belonged to the traveller goes (tiles are nobody's and stay).
    const own = [RUNTIME_CACHES.thumbnails, RUNTIME_CACHES.pictures];
    event.waitUntil(
      Promise.all(own.map((name) => caches.delete(name))).then(() => reply({ cleared: true })),
    );
  }
});
