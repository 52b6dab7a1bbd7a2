import { BUILD_META_DELAY_MS, UPDATE_CHECK_INTERVAL_MS } from '@jammy/shared/constants';
import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';
import { whenPageIdle } from '../lib/when-page-idle';
import { BUILD_ID } from './build-info';
import { WORKER_MESSAGES } from './worker-protocol';

/** What the offline worker and the update check have to say (spec §4), for the UI. */
export interface PwaState {
  /** The browser can run the offline worker at all. */
  supported: boolean;
  /** The worker is installed and controls the page: the app works offline. */
  offlineCapable: boolean;
  /** Raised once, when the worker is first installed ("ready to work offline"). */
  offlineReady: boolean;
  /** Set when registering the worker failed (spec §4: the registration-error flag). */
  registrationError: string | null;
  /** A newer build than this page's was announced by /builds/latest.json. */
  updateAvailable: boolean;
  latestBuildId: string | null;
  /** The build of the worker that controls the page. */
  workerBuildId: string | null;
  /** When the build was made, from /builds/meta/{id}.json (fetched after idle). */
  buildTimestamp: number | null;
}

let state: PwaState = {
  supported: typeof navigator !== 'undefined' && 'serviceWorker' in navigator,
  offlineCapable: false,
  offlineReady: false,
  registrationError: null,
  updateAvailable: false,
  latestBuildId: null,
  workerBuildId: null,
  buildTimestamp: null,
};
const listeners = new Set<() => void>();
let workbox: Workbox | null = null;
/** How long Reload waits for a new worker still installing before reloading without it. */
const INSTALL_WAIT_MS = 20_000;
let reloading = false;

function update(patch: Partial<PwaState>) {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The PWA signals, re-rendering when they change. */
export function usePwaState(): PwaState {
  return useSyncExternalStore(subscribe, () => state);
}

/** "Later": the update note goes until the next check (hourly, or when the tab is back). */
export function dismissUpdate(): void {
  update({ updateAvailable: false });
}

/** The traveller saw the "ready to work offline" note. */
export function dismissOfflineReady(): void {
  update({ offlineReady: false });
}

function reloadOnce() {
  if (reloading) return;
  reloading = true;
  window.location.reload();
}

/** Sends a message to the worker that controls the page and waits for its answer. */
function messageWorker(message: { type: string }): Promise<unknown> {
  const worker = navigator.serviceWorker.controller;
  if (!worker) return Promise.reject(new Error('No worker controls the page'));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(event.data);
    worker.postMessage(message, [channel.port2]);
  });
}

async function askWorkerBuild(): Promise<void> {
  try {
    const answer = await messageWorker({ type: WORKER_MESSAGES.getBuild });
    if (typeof answer === 'object' && answer !== null && 'buildId' in answer) {
      update({ workerBuildId: String(answer.buildId) });
    }
  } catch {
    // No worker controls the page (yet).
  }
}

/**
 * Asks the worker to keep the rest of the app's code (the pages not opened yet) once the page
 * has shown, so it does not compete with it; answers whether all of it is kept. A first install
 * cut short (the tab closed) finishes this way too.
 */
function cacheTheRestWhenIdle(): Promise<boolean> {
  return new Promise((resolve) =>
    whenPageIdle(() => {
      messageWorker({ type: WORKER_MESSAGES.cacheTheRest }).then(
        (answer) =>
          resolve(
            typeof answer === 'object' &&
              answer !== null &&
              'complete' in answer &&
              answer.complete === true,
          ),
        () => resolve(false),
      );
    }),
  );
}

/**
 * The first worker took the page: its later requests go through the worker too (it installs
 * with the shell and reads what the page loaded from the browser's cache until it keeps it).
 * The whole app works offline once the rest is kept: then "ready to work offline".
 */
function firstControl(): void {
  update({ offlineCapable: true });
  void askWorkerBuild();
  void cacheTheRestWhenIdle().then((complete) => complete && update({ offlineReady: true }));
}

/** Whether a worker controlled the page when it started (else this is a first visit). */
const controlledAtStart =
  typeof navigator !== 'undefined' && navigator.serviceWorker?.controller != null;

async function registerWorker(): Promise<void> {
  // The browser fetches and installs the worker at once; workbox-window, which follows the
  // updates, is loaded meanwhile (its import waits for the main thread, busy drawing the page).
  const registered = navigator.serviceWorker.register('/sw.js', { scope: '/' });
  if (!controlledAtStart) {
    navigator.serviceWorker.addEventListener('controllerchange', firstControl, { once: true });
  }
  try {
    await registered;
  } catch (error) {
    update({ registrationError: error instanceof Error ? error.message : String(error) });
    return;
  }
  if (controlledAtStart) {
    update({ offlineCapable: true });
    void askWorkerBuild();
    void cacheTheRestWhenIdle();
  } else {
    // A reload already works offline once the worker is active; it takes this page (then
    // "controllerchange", firstControl) once the page has shown, not while it still loads.
    void navigator.serviceWorker.ready.then((registration) =>
      whenPageIdle(() => registration.active?.postMessage({ type: WORKER_MESSAGES.claim })),
    );
  }
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { scope: '/' });
  workbox = wb;
  // The new worker took over after the traveller chose Reload: show the new build, once.
  wb.addEventListener('controlling', (event) => {
    if (event.isUpdate) reloadOnce();
  });
  // A newer worker is installed and waits: the update is there to take.
  wb.addEventListener('waiting', () => update({ updateAvailable: true }));
  // The same registration: this only follows it.
  await wb.register({ immediate: true }).catch(() => undefined);
}

/** Asks /builds/latest.json (never from a cache) whether a newer build is out. */
export async function checkForUpdate(): Promise<void> {
  let latest: unknown;
  try {
    const response = await fetch('/builds/latest.json', { cache: 'no-store' });
    if (!response.ok) return;
    latest = await response.json();
  } catch {
    return; // Offline: asked again at the next hour or focus.
  }
  if (typeof latest !== 'object' || latest === null || !('id' in latest)) return;
  const id = String(latest.id);
  update({ latestBuildId: id });
  if (id !== BUILD_ID) {
    update({ updateAvailable: true });
    // Fetch the new worker now, so Reload has it ready.
    void workbox?.update();
  }
}

/** The worker once installed (waiting to take over), or null if its install failed or lasts. */
function installed(worker: ServiceWorker): Promise<ServiceWorker | null> {
  return new Promise((resolve) => {
    const settle = () => {
      if (worker.state === 'installing') return;
      worker.removeEventListener('statechange', settle);
      resolve(worker.state === 'redundant' ? null : worker);
    };
    worker.addEventListener('statechange', settle);
    setTimeout(() => resolve(null), INSTALL_WAIT_MS);
    settle();
  });
}

/**
 * Reload into the newest build: a waiting worker takes over (the page reloads when it
 * controls, see `controlling`); without one, a plain reload gets the new files.
 */
export async function applyUpdate(): Promise<void> {
  const wb = workbox;
  if (!wb) {
    reloadOnce();
    return;
  }
  const registration = await navigator.serviceWorker.getRegistration('/');
  if (!registration?.waiting && !registration?.installing) {
    await wb.update().catch(() => undefined);
  }
  const current = await navigator.serviceWorker.getRegistration('/');
  // A new worker still caching the new version's files is waited for, not reloaded past.
  const waiting =
    current?.waiting ?? (current?.installing && (await installed(current.installing)));
  if (waiting) {
    wb.messageSkipWaiting();
    // If the worker never takes over (closed elsewhere), reload anyway.
    setTimeout(reloadOnce, 10_000);
  } else {
    reloadOnce();
  }
}

function slowConnection(): boolean {
  const connection = (
    navigator as Navigator & { connection?: { effectiveType?: string; saveData?: boolean } }
  ).connection;
  if (!connection) return false;
  return (
    connection.saveData === true ||
    connection.effectiveType === 'slow-2g' ||
    connection.effectiveType === '2g'
  );
}

/** GET /builds/meta/{id}.json, 1 s after the browser is idle, unless the connection is slow. */
function fetchBuildMetaWhenIdle(): void {
  if (slowConnection()) return;
  const fetchMeta = async () => {
    try {
      const response = await fetch(`/builds/meta/${BUILD_ID}.json`);
      if (!response.ok) return;
      const meta: unknown = await response.json();
      if (typeof meta === 'object' && meta !== null && 'timestamp' in meta) {
        update({ buildTimestamp: Number(meta.timestamp) });
      }
    } catch {
      // Offline: the panel shows no build date.
    }
  };
  const afterIdle = () => setTimeout(() => void fetchMeta(), BUILD_META_DELAY_MS);
  if ('requestIdleCallback' in window) window.requestIdleCallback(afterIdle);
  else afterIdle();
}

/** Tells the worker to forget the traveller's own files (sign-out). */
export async function clearWorkerUserCaches(): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker?.controller) return;
  await messageWorker({ type: WORKER_MESSAGES.clearUserCaches }).catch(() => undefined);
}

let started = false;
let registering = false;

function afterLoad(task: () => void): void {
  if (document.readyState === 'complete') task();
  else window.addEventListener('load', task, { once: true });
}

/**
 * Registers the offline worker right after the first page's load event, however long the app
 * still takes to draw it: the worker (and workbox-window) are not part of the first load, and
 * its first install is quick (the shell first, precache-in-two-steps.ts), so a traveller who
 * loses the connection a second after the page loaded can still reload it. The worker takes
 * the page only once it has shown (see `registerWorker`).
 */
export function registerWorkerAfterLoad(): void {
  if (registering || typeof window === 'undefined' || !state.supported) return;
  registering = true;
  if (import.meta.env.PROD) afterLoad(() => void registerWorker());
}

/** Starts the update checks (hourly and when the tab is back). */
export function startPwa(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  fetchBuildMetaWhenIdle();
  void checkForUpdate();
  setInterval(() => void checkForUpdate(), UPDATE_CHECK_INTERVAL_MS);
  window.addEventListener('focus', () => void checkForUpdate());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void checkForUpdate();
  });
}
