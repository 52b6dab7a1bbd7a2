/** Names shared by the service worker (sw.ts) and the page that talks to it. */
export const WORKER_MESSAGES = {
  /** The waiting worker takes over (the traveller chose Reload). */
  skipWaiting: 'SKIP_WAITING',
  /** Answers `{ buildId }`: which build the controlling worker serves. */
  getBuild: 'GET_BUILD',
  /** The first worker takes the pages open since before it was active. */
  claim: 'CLAIM',
  /** Keep every file of the app not kept yet (the first install keeps the shell only). */
  cacheTheRest: 'CACHE_THE_REST',
  /** Sign-out: forget the caches that hold the traveller's own files. */
  clearUserCaches: 'CLEAR_USER_CACHES',
} as const;

/** The worker's caches besides Workbox's precache. */
export const RUNTIME_CACHES = {
  assets: 'jammy-assets',
  tiles: 'jammy-tiles',
  thumbnails: 'jammy-thumbnails',
  pictures: 'jammy-pictures',
} as const;
