/** Constants of the product specification (§9) shared by server and web. */

/** How often the web app checks for a newer build. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
/** Build metadata is fetched this long after the browser is idle. */
export const BUILD_META_DELAY_MS = 1000;
/** A failed page-part load reloads the target path at most once in this window. */
export const RELOAD_GUARD_MS = 10_000;
/** Delay before layout reacts to a window resize. */
export const RESIZE_REFRESH_DELAY_MS = 50;
/** Request bodies larger than this are refused with 413 (uploads have their own limits). */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;
/** The session is refreshed this long before it expires (spec §9). */
export const SESSION_REFRESH_BEFORE_EXPIRY_MS = 5 * 60 * 1000;
/** A session this close to its expiry is treated as expired already (spec §9). */
export const SESSION_EXPIRY_SKEW_MS = 30 * 1000;
/** A session lasts this long, extended while it is used (the privacy policy states it). */
export const SESSION_LIFETIME_DAYS = 30;
/** While the server is unreachable, the web app asks GET /api/health this often. */
export const OFFLINE_PROBE_INTERVAL_MS = 5000;
/** The offline cache of itineraries, by default (spec §9: the document cache's 40 MB). */
export const OFFLINE_CACHE_DEFAULT_BYTES = 41_943_040;
/** The smallest offline cache a traveller may choose (spec §9). */
export const OFFLINE_CACHE_MIN_BYTES = 1_048_576;
/** How long the server remembers an Idempotency-Key and the answer it gave. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
