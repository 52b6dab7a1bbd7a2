import { STORAGE_MESSAGES, type StorageErrorName } from '@jammy/shared/storage-plain';

/**
 * A failed storage call, with spec §8's code (`storage/object-not-found`, `storage/canceled`,
 * `storage/retry-limit-exceeded`…) so callers can say what happened and offer a retry.
 */
export class StorageError extends Error {
  override name = 'StorageError';
  constructor(
    readonly code: string,
    message: string,
    /** HTTP status (0: no answer, e.g. offline; -1: no request went out, e.g. a bug). */
    readonly status = 0,
    /** The server's answer, when there was one. */
    readonly serverResponse: string | null = null,
    /** The `details` of the server's error body (which limit, which field), when it sent any. */
    readonly details: unknown = undefined,
  ) {
    super(message);
  }
}

/** An error with spec §8's code and message (`storageError('canceled')`). */
export function storageError(
  name: StorageErrorName,
  status = 0,
  serverResponse: string | null = null,
) {
  return new StorageError(`storage/${name}`, STORAGE_MESSAGES[name], status, serverResponse);
}

/** The error an answer of the server stands for: its own code when it sent one, else by status. */
export function errorOfResponse(status: number, body: string): StorageError {
  let code: string | undefined;
  let message: string | undefined;
  let details: unknown;
  try {
    const parsed = JSON.parse(body) as {
      error?: { code?: unknown; message?: unknown; details?: unknown };
    };
    if (typeof parsed.error?.code === 'string') code = parsed.error.code;
    if (typeof parsed.error?.message === 'string') message = parsed.error.message;
    details = parsed.error?.details;
  } catch {
    // Not JSON (a proxy's page): decided by the status below.
  }
  const byStatus: Record<number, StorageErrorName> = {
    401: 'unauthenticated',
    402: 'quota-exceeded',
    403: 'unauthorized',
    404: 'object-not-found',
  };
  const name = byStatus[status];
  if (code) return new StorageError(code, message ?? code, status, body, details);
  if (name) return storageError(name, status, body);
  return storageError('unknown', status, body);
}
