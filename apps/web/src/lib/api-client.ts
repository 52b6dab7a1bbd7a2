import type { ErrorBody } from '@jammy/shared/errors';
import { isErrorCode, type ErrorCode } from '@jammy/shared/errors-plain';
import { isOfflineConfirmed, reportServerAnswered, reportServerUnreachable } from './connectivity';
import { enqueue } from './outbox';
import { namesUnsavedRow, queueableItinerary } from './outbox-core';

/** Requests to the API give up after this long (spec §9: identity calls time out at 30 s). */
export const REQUEST_TIMEOUT_MS = 30_000;

/** Codes the client gives failures that never reached the API's catalogue. */
export type ClientErrorCode =
  /** No answer: offline, or the server is unreachable. */
  | 'network/failed'
  | 'network/timeout'
  /** A change to a row made offline and not yet saved: it has no server id to refer to. */
  | 'outbox/unsaved-row'
  /** An answer without a code of the catalogue (a proxy's error page). */
  | 'unknown';

/** The code of an ApiError: one of the catalogue (`packages/shared/src/errors.ts`) or the client's. */
export type ApiErrorCode = ErrorCode | ClientErrorCode;

function knownCode(code: string): ApiErrorCode {
  if (isErrorCode(code)) return code;
  return code === 'network/failed' || code === 'network/timeout' || code === 'outbox/unsaved-row'
    ? code
    : 'unknown';
}

/** An answer of the API that is not a success, with its stable code (or a network failure). */
export class ApiError extends Error {
  override name = 'ApiError';
  /** The catalogue's code; a code the catalogue does not know becomes `unknown`. */
  readonly code: ApiErrorCode;
  constructor(
    readonly status: number,
    code: string,
    message: string,
    readonly details?: unknown,
    /** Seconds the server asked to wait (Retry-After of a 429 or 503), when it said. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.code = knownCode(code);
  }

  /** The request never got an answer (offline, timed out, server unreachable). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    'error' in value &&
    typeof value.error === 'object' &&
    value.error !== null &&
    'code' in value.error
  );
}

/**
 * Calls the Jammy API with the session cookie and JSON, and returns the parsed body;
 * throws an ApiError (never shows anything itself: the caller decides).
 */
export async function apiRequest<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const signals = [AbortSignal.timeout(REQUEST_TIMEOUT_MS), init.signal].filter(
    (signal): signal is AbortSignal => signal !== undefined,
  );
  const method = init.method ?? 'GET';
  const queueFor = queueableItinerary(method, path, init.body);
  // Offline (the browser says so, or the server has stopped answering even the health probe),
  // a change to a trip waits in the outbox instead of failing; online nothing changes.
  const queue = async (): Promise<T> => {
    if (queueFor === null) throw new ApiError(0, 'network/failed', 'No connection');
    if (namesUnsavedRow(path)) {
      throw new ApiError(0, 'outbox/unsaved-row', 'This was added offline and is not saved yet');
    }
    await enqueue({ method, path, body: init.body ?? {}, itineraryId: queueFor });
    return undefined as T;
  };
  if (queueFor !== null && isOfflineConfirmed()) return queue();
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      signal: AbortSignal.any(signals),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    const cancelled = error instanceof DOMException && error.name === 'AbortError';
    if (!cancelled) reportServerUnreachable();
    // Queued only when the connection is gone, not for one request that failed on its own.
    if (!cancelled && queueFor !== null && isOfflineConfirmed()) return queue();
    throw new ApiError(0, timedOut ? 'network/timeout' : 'network/failed', String(error));
  }
  // A proxy's 502/504 means our server is not there either.
  if (response.status === 502 || response.status === 504) reportServerUnreachable();
  else reportServerAnswered();
  if (response.status === 204) return undefined as T;
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const retryAfter = Number(response.headers.get('retry-after'));
    const wait = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined;
    if (isErrorBody(body)) {
      throw new ApiError(
        response.status,
        body.error.code,
        body.error.message,
        body.error.details,
        wait,
      );
    }
    throw new ApiError(response.status, 'unknown', response.statusText, undefined, wait);
  }
  return body as T;
}

/**
 * POSTs `body` as it is (a file, or text) with its media type, for the routes that take a
 * file rather than JSON (an import, an item of the inbox), and answers the parsed JSON; a
 * refusal is an ApiError as apiRequest's are (with Retry-After when a busy server gives one).
 */
export async function postFile<T>(
  path: string,
  contentType: string,
  body: Blob | string,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': contentType },
      body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new ApiError(0, 'network/failed', String(error));
  }
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (answer as { error?: { code?: string; message?: string; details?: unknown } })
      ?.error;
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new ApiError(
      response.status,
      error?.code ?? 'unknown',
      error?.message ?? response.statusText,
      error?.details,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    );
  }
  return answer as T;
}
