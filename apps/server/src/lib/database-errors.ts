import { randomInt } from 'node:crypto';
import type { ErrorCode } from '@jammy/shared/errors';
import { AppError } from './errors';

/**
 * PostgreSQL and connection failures turned into answers the client can act on, in one
 * place: a request that loses a race or sends a value the database cannot hold gets a 4xx,
 * an overloaded or unreachable database a 503 with Retry-After, never a 500.
 */

/** What node-postgres gives us: a DatabaseError (SQLSTATE in `code`) or a Node socket error. */
interface DriverError {
  code?: unknown;
  message?: unknown;
  detail?: unknown;
  table?: unknown;
  column?: unknown;
  constraint?: unknown;
}

/** A referenced table whose row vanished → the "not found" of that resource. */
const MISSING_PARENT: Record<string, { code: ErrorCode; message: string }> = {
  itinerary: { code: 'itinerary/not-found', message: 'There is no such itinerary' },
  stage: { code: 'stage/not-found', message: 'There is no such stage in this itinerary' },
  place: { code: 'place/not-found', message: 'There is no such place in this itinerary' },
  list: { code: 'list/not-found', message: 'There is no such list in this itinerary' },
  note: { code: 'note/not-found', message: 'There is no such note in this itinerary' },
  preset: { code: 'preset/not-found', message: 'There is no such Jammy itinerary' },
  user: { code: 'auth/unauthenticated', message: 'This account does not exist any more' },
};

/** SQLSTATE classes and codes that mean "the database cannot serve now, try again soon". */
const UNAVAILABLE_STATES = new Set([
  '53000', // insufficient_resources
  '53100', // disk_full
  '53200', // out_of_memory
  '53300', // too_many_connections
  '57014', // query_canceled (statement timeout)
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up or shutting down)
  '57P05', // idle_session_timeout
]);

/** Node socket errors and node-postgres pool messages of an unreachable or saturated database. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect', // pg-pool: every connection busy for too long
  'Connection terminated', // the server went away mid-query
  'Cannot use a pool after calling end on the pool', // shutting down
  'Client has encountered a connection error and is not queryable',
];

/** Seconds a client should wait before retrying a 503: short, spread so retries do not align. */
export function retryAfterSeconds(): number {
  return 1 + randomInt(4);
}

/** The driver error inside whatever wraps it (Drizzle's DrizzleQueryError keeps it as `cause`). */
function driverErrorOf(error: unknown): DriverError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as DriverError).code;
    if (typeof code === 'string' && (/^[0-9A-Z]{5}$/.test(code) || code.startsWith('E'))) {
      return current as DriverError;
    }
    if (
      typeof current.message === 'string' &&
      UNAVAILABLE_MESSAGES.some(
        (text) => current instanceof Error && current.message.includes(text),
      )
    ) {
      return current as DriverError;
    }
    current = current.cause;
  }
  return undefined;
}

function sqlState(error: DriverError): string | undefined {
  return typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code)
    ? error.code
    : undefined;
}

/** True for a serialization failure or deadlock: the transaction may simply be run again. */
export function isRetryableTransactionError(error: unknown): boolean {
  const driver = driverErrorOf(error);
  const state = driver && sqlState(driver);
  return state === '40001' || state === '40P01';
}

/** True when the database is unreachable, saturated or going away (503, retry later). */
export function isUnavailableError(error: unknown): boolean {
  const driver = driverErrorOf(error);
  if (!driver) return false;
  const state = sqlState(driver);
  if (state) return UNAVAILABLE_STATES.has(state) || state.startsWith('08');
  if (typeof driver.code === 'string' && UNAVAILABLE_SOCKET_CODES.has(driver.code)) return true;
  const message = typeof driver.message === 'string' ? driver.message : '';
  return UNAVAILABLE_MESSAGES.some((text) => message.includes(text));
}

/** 503 `service/unavailable` with a Retry-After: busy or restarting, try again soon. */
export function serviceUnavailable(): AppError {
  return new AppError(
    'service/unavailable',
    'The server is busy or restarting. Please try again in a moment.',
    undefined,
    { retryAfterSeconds: retryAfterSeconds() },
  );
}

function foreignKeyViolation(error: DriverError): AppError {
  const detail = typeof error.detail === 'string' ? error.detail : '';
  // Insert or update naming a row that is gone: that row's "not found".
  const missing = /is not present in table "([^"]+)"/.exec(detail)?.[1];
  const known = missing ? MISSING_PARENT[missing] : undefined;
  if (known) return new AppError(known.code, known.message);
  if (missing) {
    return new AppError('conflict/reference', 'Something this change refers to was removed');
  }
  // Delete of a row that others still refer to.
  return new AppError('conflict/reference', 'This is still in use and cannot be removed');
}

function invalidValue(error: DriverError, reason: string): AppError {
  const field = typeof error.column === 'string' ? error.column : undefined;
  const message = field ? `${field}: ${reason}` : `A value of the request ${reason}`;
  return new AppError(
    'request/invalid',
    message,
    field ? { issues: [{ field, message: reason }] } : undefined,
  );
}

/**
 * The answer for a database failure, or undefined when `error` did not come from the
 * database (the caller then treats it as a bug: 500).
 */
export function databaseErrorToAppError(error: unknown): AppError | undefined {
  const driver = driverErrorOf(error);
  if (!driver) return undefined;
  if (isUnavailableError(error)) return serviceUnavailable();
  const state = sqlState(driver);
  if (!state) return undefined;
  switch (state) {
    case '23503':
      return foreignKeyViolation(driver);
    case '23505':
    case '23P01': // exclusion_violation
      return new AppError('conflict/duplicate', 'This already exists');
    case '40001':
    case '40P01':
      return new AppError(
        'conflict/concurrent',
        'Another change got in the way of this one. Please send it again.',
      );
    case '23502':
      return invalidValue(driver, 'is required');
    case '23514':
      return invalidValue(driver, 'is not allowed with the other values');
    case '54000': // program_limit_exceeded (e.g. an index row too large)
      return invalidValue(driver, 'is too large to store');
    default:
      // Class 22, data exceptions: out-of-range numbers and dates, invalid text, NUL bytes…
      if (state.startsWith('22')) return invalidValue(driver, 'cannot be stored (out of range)');
      return undefined;
  }
}

/** How often a transaction that lost a serialization race or a deadlock is run again. */
const TRANSACTION_ATTEMPTS = 3;

/**
 * Runs a transaction, running it again (a few times, after a short random pause) when
 * PostgreSQL aborted it as a deadlock victim or a serialization failure: both mean
 * "nothing was written, try again". `run` must be safe to repeat (only database work).
 */
export async function retryTransaction<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= TRANSACTION_ATTEMPTS || !isRetryableTransactionError(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, randomInt(5, 25) * attempt));
    }
  }
}
