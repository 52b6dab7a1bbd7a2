import { OFFLINE_PROBE_INTERVAL_MS } from '@jammy/shared/constants';
import { useSyncExternalStore } from 'react';

/**
 * Whether the server can be reached. `navigator.onLine` only knows about the network
 * interface, so every API answer (or failure) also counts, and while unreachable the page
 * asks GET /api/health every few seconds until it answers.
 */
let reachable = typeof navigator === 'undefined' ? true : navigator.onLine;
const listeners = new Set<() => void>();
let probeTimer: ReturnType<typeof setTimeout> | undefined;
/** The health probe itself got no answer: not one failed request, the server is really gone. */
let probeFailed = false;

function set(value: boolean) {
  if (value) probeFailed = false;
  if (value === reachable) return;
  reachable = value;
  for (const listener of listeners) listener();
  if (!value) scheduleProbe();
}

function scheduleProbe() {
  if (probeTimer !== undefined || typeof window === 'undefined') return;
  probeTimer = setTimeout(() => {
    probeTimer = undefined;
    void probe();
  }, OFFLINE_PROBE_INTERVAL_MS);
}

async function probe(): Promise<void> {
  try {
    const response = await fetch('/api/health', { cache: 'no-store' });
    // Any answer from our server (503 too: it is there, its database is not) means reachable.
    set(response.status < 500 || response.status === 503);
  } catch {
    probeFailed = true;
    set(false);
  }
  if (!reachable) scheduleProbe();
}

/** An API request got an answer. */
export function reportServerAnswered(): void {
  set(true);
}

/** An API request got no answer at all (offline, DNS, connection refused, timed out). */
export function reportServerUnreachable(): void {
  set(false);
}

export function isServerReachable(): boolean {
  return reachable;
}

/**
 * Offline for sure: the browser says so, or the health probe got no answer either. One failed
 * request alone does not count (it may be that request's own trouble, which the page shows).
 */
export function isOfflineConfirmed(): boolean {
  return (typeof navigator !== 'undefined' && !navigator.onLine) || (!reachable && probeFailed);
}

export function subscribeReachability(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('offline', () => set(false));
  window.addEventListener('online', () => void probe());
}

/** True while the server answers; false while it cannot be reached. */
export function useServerReachable(): boolean {
  return useSyncExternalStore(subscribeReachability, isServerReachable, () => true);
}
