import { isRetryableStatus, STORAGE_MAX_RETRY_WAIT_MS } from '@jammy/shared/storage-plain';
import { storageError, StorageError } from './storage-error';

/** The first wait before a second try; it doubles each time up to 64 s (spec §9). */
export const FIRST_RETRY_WAIT_MS = 1000;

/** Clock and randomness, replaceable in tests. */
export interface RetryEnvironment {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  random(): number;
}

export const realEnvironment: RetryEnvironment = {
  now: () => Date.now(),
  random: () => Math.random(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(storageError('canceled'));
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        reject(storageError('canceled'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

/** Whether a failure is worth another try: no answer at all, any 5xx, 408 and 429. */
export function isRetryable(error: unknown): boolean {
  return (
    error instanceof StorageError &&
    error.code !== 'storage/canceled' &&
    (error.status === 0 || isRetryableStatus(error.status))
  );
}

/**
 * Runs `attempt` until it succeeds, retrying what spec §9 retries: the wait doubles from 1 s
 * up to 64 s, plus up to 1 s of random jitter; once the next try would start after
 * `deadlineMs` (2 minutes for operations, 10 for uploads) it gives up with
 * `storage/retry-limit-exceeded`. Cancelling (`signal`) ends it at once with `storage/canceled`.
 */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  options: { deadlineMs: number; signal?: AbortSignal; environment?: RetryEnvironment },
): Promise<T> {
  const environment = options.environment ?? realEnvironment;
  const deadline = environment.now() + options.deadlineMs;
  let wait = FIRST_RETRY_WAIT_MS;
  for (;;) {
    if (options.signal?.aborted) throw storageError('canceled');
    try {
      return await attempt();
    } catch (error) {
      if (options.signal?.aborted) throw storageError('canceled');
      if (!isRetryable(error)) throw error;
      const pause = wait + environment.random() * 1000;
      if (environment.now() + pause > deadline) {
        throw storageError('retry-limit-exceeded', (error as StorageError).status);
      }
      await environment.sleep(pause, options.signal);
      wait = Math.min(wait * 2, STORAGE_MAX_RETRY_WAIT_MS);
    }
  }
}
