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

async function askWorkerBuild(wb: Workbox): Promise<void> {
  try {
    const answer: unknown = await wb.messageSW({ type: WORKER_MESSAGES.getBuild });
    if (typeof answer === 'object' && answer !== null && 'buildId' in answer) {
      update({ workerBuildId: String(answer.buildId) });
    }
  } catch {
    // No worker controls the page (yet).
  }
}

async function registerWorker(): Promise<void> {
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { scope: '/' });
  workbox = wb;
  wb.addEventListener('installed', (event) => {
    if (!event.isUpdate) update({ offlineReady: true });
  });
  wb.addEventListener('controlling', (event) => {
    update({ offlineCapable: true });
    // The new worker took over after the traveller chose Reload: show the new build, once.
    if (event.isUpdate) reloadOnce();
    else void askWorkerBuild(wb);
  });
  // A newer worker is installed and waits: the update is there to take.
  wb.addEventListener('waiting', () => update({ updateAvailable: true }));
  try {
    const registration = await wb.register();
    if (!registration) throw new Error('The offline worker was not registered');
    if (navigator.serviceWorker.controller) {
      update({ offlineCapable: true });
      void askWorkerBuild(wb);
    }
  } catch (error) {
    update({ registrationError: error instanceof Error ? error.message : String(error) });
  }
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
  if (!registration?.waiting) await wb.update().catch(() => undefined);
  const waiting = (await navigator.serviceWorker.getRegistration('/'))?.waiting;
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
  if (typeof navigator === 'undefined' || !navigator.serviceWorker?.controller || !workbox) return;
  await workbox.messageSW({ type: WORKER_MESSAGES.clearUserCaches }).catch(() => undefined);
}

let started = false;

/** Registers the worker and starts the update checks (hourly and when the tab is back). */
function afterLoad(task: () => void): void {
  if (document.readyState === 'complete') task();
  else window.addEventListener('load', task, { once: true });
}

export function startPwa(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  // Once the first page has shown: the worker (and workbox-window) are not part of the first load.
  if (state.supported && import.meta.env.PROD) {
    afterLoad(() => whenPageIdle(() => void registerWorker()));
  }
  fetchBuildMetaWhenIdle();
  void checkForUpdate();
  setInterval(() => void checkForUpdate(), UPDATE_CHECK_INTERVAL_MS);
  window.addEventListener('focus', () => void checkForUpdate());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void checkForUpdate();
  });
}
