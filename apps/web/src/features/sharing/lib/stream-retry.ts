/**
 * When a live stream could not be (re)opened: how long to wait before the next try. A server
 * that is busy or restarting answers 503 with Retry-After; many pages reconnecting at once
 * (after a restart or a network blip) must not all come back in the same second, so every
 * wait is spread at random.
 */

/** Waits after consecutive failures without a Retry-After, doubling to a cap. */
export const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
const MAX_RETRY_AFTER_MS = 5 * 60_000;

/**
 * The wait before the next try: at least the server's Retry-After (plus up to half of it
 * again), else between half and all of the back-off step for this many failures.
 */
export function retryDelay(
  failures: number,
  retryAfterSeconds: number | null,
  random: () => number = Math.random,
): number {
  if (retryAfterSeconds !== null) {
    const base = Math.min(retryAfterSeconds * 1000, MAX_RETRY_AFTER_MS);
    return Math.round(base * (1 + random() / 2));
  }
  const step = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)] ?? 30_000;
  return Math.round(step * (0.5 + random() / 2));
}

/** Retry-After in seconds (a number of seconds or an HTTP date), or null. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

export type StreamVerdict =
  /** The stream answers again: reopen now (after a short spread). */
  | { kind: 'open' }
  /** Busy, unreachable or failing: wait, then try again. */
  | { kind: 'retry'; retryAfterSeconds: number | null }
  /** Signed out, or no longer allowed to see the itinerary: stop. */
  | { kind: 'stop' };

/**
 * The browser's EventSource does not say why a stream failed: ask the server once, reading
 * only the status and headers of the same address (the answer is not read, and an opened
 * stream is closed at once).
 */
export async function probeStream(
  url: string,
  fetcher: typeof fetch = fetch,
): Promise<StreamVerdict> {
  const controller = new AbortController();
  try {
    const response = await fetcher(url, {
      headers: { accept: 'text/event-stream' },
      credentials: 'same-origin',
      signal: controller.signal,
    });
    if (response.ok) return { kind: 'open' };
    if ([401, 403, 404, 410].includes(response.status)) return { kind: 'stop' };
    return {
      kind: 'retry',
      retryAfterSeconds: parseRetryAfter(response.headers.get('retry-after')),
    };
  } catch {
    return { kind: 'retry', retryAfterSeconds: null };
  } finally {
    controller.abort();
  }
}
