import { isUuidV7 } from '@jammy/shared/uuid';
/**
 * The pure part of the offline outbox: which writes may wait, and what one replay of the
 * queue does with each answer. Storage and the page are wired in `outbox.ts`.
 */

export interface OutboxProblem {
  /** `conflict`: someone changed it meanwhile (409); `rejected`: any other 4xx. */
  kind: 'conflict' | 'rejected';
  status: number;
  code: string;
  message: string;
  /** For a conflict: the server's current version of the row. */
  current?: Record<string, unknown>;
}

export interface OutboxEntry {
  /** Generated once when queued; sent as Idempotency-Key on every try. */
  idempotencyKey: string;
  method: string;
  path: string;
  body: unknown;
  /** The version the change was made from, when the body carries one. */
  baseVersion: number | null;
  itineraryId: string | null;
  queuedAt: number;
  problem?: OutboxProblem;
}

/** The answer of one send: a status and a parsed body; a thrown error is a network failure. */
export interface SendResult {
  status: number;
  body: unknown;
}

const ITINERARY_WRITE =
  /^\/api\/itineraries\/([^/?]+)(?:\/(?:stages|places|notes|lists|bookings)(?:\/[^?]*)?)?$/;

/**
 * Whether a write may wait in the outbox: the creation of an itinerary that carries its own id
 * (the client names a trip made offline), edits and deletes of an itinerary, and creates,
 * edits, moves and deletes of its stages, places, notes, lists, list items and bookings. Not
 * restore, sharing or uploads.
 */
export function queueableItinerary(method: string, path: string, body?: unknown): string | null {
  if (method === 'GET') return null;
  if (method === 'POST' && path === '/api/itineraries') {
    const id = typeof body === 'object' && body !== null && 'id' in body ? body.id : undefined;
    return typeof id === 'string' && isUuidV7(id) ? id : null;
  }
  const match = ITINERARY_WRITE.exec(path);
  if (!match) return null;
  const isItself = !path.slice(`/api/itineraries/${match[1]}`.length);
  if (isItself && method === 'POST') return null;
  return match[1] ?? null;
}

/** A path that names a row not yet created on the server (an optimistic temporary id). */
export function namesUnsavedRow(path: string): boolean {
  return /\/temp-[^/]*/.test(path);
}

export function versionOf(body: unknown): number | null {
  if (typeof body === 'object' && body !== null && 'version' in body) {
    const version = Number(body.version);
    return Number.isFinite(version) ? version : null;
  }
  return null;
}

function errorOf(body: unknown): { code: string; message: string; details?: unknown } {
  if (typeof body === 'object' && body !== null && 'error' in body) {
    const error = body.error as { code?: unknown; message?: unknown; details?: unknown };
    return {
      code: typeof error.code === 'string' ? error.code : 'unknown',
      message: typeof error.message === 'string' ? error.message : '',
      details: error.details,
    };
  }
  return { code: 'unknown', message: '' };
}

export type ReplayStop = 'empty' | 'network' | 'server' | 'problem';

/**
 * Sends the queue in order, one at a time, until it is empty or something stops it:
 * a success removes the entry; a 409 version conflict or any other 4xx marks the entry with
 * its problem and stops (later entries wait, so the order holds until the traveller decides);
 * a network failure, a 5xx or an "in progress" 409 stops and leaves the entry as it was.
 */
export async function replayQueue(queue: {
  first: () => OutboxEntry | undefined;
  remove: (entry: OutboxEntry) => Promise<void>;
  mark: (entry: OutboxEntry, problem: OutboxProblem) => Promise<void>;
  send: (entry: OutboxEntry) => Promise<SendResult>;
  saved?: (entry: OutboxEntry) => void;
}): Promise<ReplayStop> {
  for (;;) {
    const entry = queue.first();
    if (!entry) return 'empty';
    if (entry.problem) return 'problem';
    let result: SendResult;
    try {
      result = await queue.send(entry);
    } catch {
      return 'network';
    }
    const { status, body } = result;
    if (status >= 200 && status < 300) {
      await queue.remove(entry);
      queue.saved?.(entry);
      continue;
    }
    if (status === 502 || status === 504) return 'network';
    const error = errorOf(body);
    if (status >= 500 || status === 408 || status === 429) return 'server';
    if (status === 409 && error.code === 'idempotency/in-progress') return 'server';
    if (status === 409 && error.code === 'conflict') {
      const details = error.details as { current?: unknown } | undefined;
      const current =
        typeof details?.current === 'object' && details.current !== null
          ? (details.current as Record<string, unknown>)
          : undefined;
      await queue.mark(entry, {
        kind: 'conflict',
        status,
        code: error.code,
        message: error.message,
        ...(current ? { current } : {}),
      });
      return 'problem';
    }
    await queue.mark(entry, { kind: 'rejected', status, code: error.code, message: error.message });
    return 'problem';
  }
}

/** The fields where my queued change and their current row differ (version aside). */
export function differingFields(
  mine: unknown,
  theirs: Record<string, unknown> | undefined,
): { field: string; mine: unknown; theirs: unknown }[] {
  if (typeof mine !== 'object' || mine === null || !theirs) return [];
  return Object.entries(mine)
    .filter(([field]) => field !== 'version')
    .filter(([field, value]) => JSON.stringify(value) !== JSON.stringify(theirs[field]))
    .map(([field, value]) => ({ field, mine: value, theirs: theirs[field] }));
}

/** "Keep mine": the same change made from their current version, under a new key. */
export function resendFromTheirs(entry: OutboxEntry, newKey: string): OutboxEntry {
  const version = versionOf(entry.problem?.current);
  const body =
    typeof entry.body === 'object' && entry.body !== null && version !== null
      ? { ...entry.body, version }
      : entry.body;
  const { problem: _problem, ...rest } = entry;
  return { ...rest, body, baseVersion: version, idempotencyKey: newKey };
}

/** What an entry changes, for the list of waiting changes. */
export function describeEntry(entry: OutboxEntry): {
  action: 'create' | 'edit' | 'move' | 'delete';
  kind: 'itinerary' | 'stage' | 'place' | 'note' | 'list' | 'item' | 'booking';
  name: string;
} {
  const path = entry.path.split('?')[0] ?? '';
  const action =
    entry.method === 'DELETE'
      ? 'delete'
      : entry.method === 'PATCH'
        ? 'edit'
        : path.endsWith('/move')
          ? 'move'
          : 'create';
  const kind = path.includes('/items')
    ? 'item'
    : path.includes('/lists')
      ? 'list'
      : path.includes('/bookings')
        ? 'booking'
        : path.includes('/notes')
          ? 'note'
          : path.includes('/places')
            ? 'place'
            : path.includes('/stages')
              ? 'stage'
              : 'itinerary';
  const body = (typeof entry.body === 'object' && entry.body !== null ? entry.body : {}) as Record<
    string,
    unknown
  >;
  const named = [body.name, body.title, body.text].find(
    (value): value is string => typeof value === 'string' && value.length > 0,
  );
  const current = entry.problem?.current;
  const theirs = [current?.name, current?.title, current?.text].find(
    (value): value is string => typeof value === 'string' && value.length > 0,
  );
  return { action, kind, name: named ?? theirs ?? '' };
}
