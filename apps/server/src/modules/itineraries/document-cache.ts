import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Role } from '@jammy/shared/itineraries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Notifications } from '../../events/notifications';
import { etagOf, type EncodedDocument } from '../../lib/http-cache';
import { EVENTS_CHANNEL } from '../../events/events.repository';
import { leavesDocument } from '../../events/document-parts';

/** The channel the itinerary, stage, place and member triggers notify (migration 0009). */
export const DOCUMENTS_CHANNEL = 'jammy_documents';

/** A document as sent: its JSON text, its ETag, and its compressed forms once asked for. */
export type CachedDocument = EncodedDocument;

type Slot = Role | 'link';

interface Entry {
  /** Members' roles, as read with the document (a member's change drops the entry). */
  roles: Map<string, Role>;
  /**
   * The document per role (it differs only in the reader's `role`), and `link` for share-link
   * holders: theirs has no private attachments and no confirmation codes, so it is never a
   * member viewer's, nor theirs a share-link holder's.
   */
  documents: Map<Slot, CachedDocument & { bytes(): number }>;
  bytes: number;
}

/** What a read brought from PostgreSQL, to keep unless the itinerary changed meanwhile. */
export interface ReadDocument {
  json: string;
  role: Role;
}

/**
 * The itinerary documents this process served lately, for GET /api/itineraries/{id}
 * (docs/decisions/009): the JSON text PostgreSQL built, its gzip and Brotli forms, and who may
 * read it with which role, so a warm read asks the database nothing.
 *
 * Staleness: every change to an itinerary, its stages, places or members notifies
 * `jammy_documents` from a trigger (migration 0009), and every recorded event notifies
 * `itinerary_events`; both drop the itinerary here, on every process, when the change
 * commits, except an event of what the document does not hold (`leavesDocument`: a note, a
 * list; docs/decisions/030). A write answered by this process drops it before it answers (`invalidate`, from
 * the route hook), so its author never reads their own change stale. A read that raced a
 * change is not kept (`begin` remembers when it started). While the LISTEN connection is
 * down, nothing is kept and nothing is served from memory.
 *
 * Bounded in bytes (documents, their compressed forms as soon as they are made, and the roles
 * kept with them), least recently used first; `maxBytes` 0 turns it off.
 */
export interface DocumentCache {
  /** The document `userId` may read, when known here. */
  get(itineraryId: string, userId: string): CachedDocument | undefined;
  /** Call before reading from the database; the answer keeps the read unless it raced. */
  begin(): (itineraryId: string, read: ReadDocument, userId?: string) => CachedDocument;
  /**
   * The document `userId` (or, without one, a share-link holder) may read, from memory or
   * else from `read`: concurrent misses of one reader share one read, so a change does not
   * send every waiting request to PostgreSQL at once. Undefined when `read` finds none.
   */
  load(
    itineraryId: string,
    userId: string | undefined,
    read: () => Promise<(ReadDocument & { trashed: boolean }) | null>,
  ): Promise<CachedDocument | undefined>;
  invalidate(itineraryId: string, what?: 'documents' | 'all'): void;
  clear(): void;
  stats(): { entries: number; bytes: number; hits: number; misses: number };
}

/** Brotli level 5: a 57 KB document in about a millisecond, within a few % of level 11. */
const BROTLI_OPTIONS = {
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 5,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  },
};
/** Invalidation times remembered per itinerary before they are folded into one. */
const MAX_REMEMBERED = 10_000;
/**
 * What an entry costs besides its documents' bytes, counted against the bound: its key, its
 * two maps and their first slots (~940 bytes measured on Node 20), and each member's role
 * (~480 bytes: the id and a map slot). A content change drops the documents but keeps the
 * roles, so without these an entry of no bytes stayed for good, and the cache grew with every
 * itinerary ever read and changed (~1.4 KB each) past any `DOCUMENT_CACHE_MB`.
 */
const ENTRY_BYTES = 1024;
const ROLE_BYTES = 512;

/** How every member's document begins (itinerary-document.ts), up to its reader's role. */
const ROLE_PREFIX = '{"itinerary" : {"role" : "';

/**
 * A member's document for `role`, made from another member's: the same text with its first
 * value changed. Undefined when the text does not begin as PostgreSQL writes it.
 */
export function withRole(json: string, role: Role): string | undefined {
  if (!json.startsWith(ROLE_PREFIX)) return undefined;
  const end = json.indexOf('"', ROLE_PREFIX.length);
  if (end < 0 || !json.startsWith('", ', end)) return undefined;
  return ROLE_PREFIX + role + json.slice(end);
}

/**
 * A document; `grew` is called when a compressed form is made (it counts in `bytes()`). Its
 * UTF-8 bytes are made at once: every answer without compression sends them.
 */
export function documentOf(
  json: string,
  etag = etagOf(json),
  grew?: () => void,
): CachedDocument & {
  bytes(): number;
} {
  const identity = Buffer.from(json);
  let br: Buffer | undefined;
  let gzip: Buffer | undefined;
  return {
    json,
    etag,
    encoded(encoding) {
      if (encoding === 'identity') return identity;
      if (encoding === 'br') {
        if (!br) {
          br = brotliCompressSync(identity, BROTLI_OPTIONS);
          grew?.();
        }
        return br;
      }
      if (!gzip) {
        gzip = gzipSync(identity, { level: 6 });
        grew?.();
      }
      return gzip;
    },
    // The text and its bytes: a document without compressed forms holds the JSON twice.
    bytes: () => 2 * identity.length + (br?.length ?? 0) + (gzip?.length ?? 0),
  };
}

export function createDocumentCache(deps: {
  maxBytes: number;
  notifications?: Notifications;
}): DocumentCache {
  const { maxBytes, notifications } = deps;
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;
  /** Counts invalidations; a read may be kept only if its itinerary was not invalidated since. */
  let epoch = 0;
  let floor = 0;
  const invalidatedAt = new Map<string, number>();

  const loading = new Map<string, Promise<CachedDocument | undefined>>();

  const enabled = () => maxBytes > 0 && (notifications?.listening() ?? false);

  function drop(itineraryId: string) {
    const entry = entries.get(itineraryId);
    if (!entry) return;
    entries.delete(itineraryId);
    bytes -= entry.bytes;
  }

  /**
   * Forgets an itinerary's documents, and with `all` who its members are too (a member
   * change); a content change keeps the roles, so the reads that follow share one read per
   * role rather than one per reader.
   */
  function invalidate(itineraryId: string, what: 'documents' | 'all' = 'all') {
    epoch += 1;
    invalidatedAt.set(itineraryId, epoch);
    if (invalidatedAt.size > MAX_REMEMBERED) {
      invalidatedAt.clear();
      floor = epoch;
    }
    const entry = entries.get(itineraryId);
    if (what === 'all' || !entry) {
      drop(itineraryId);
    } else {
      // The roles stay, and still count against the bound.
      entry.documents.clear();
      recount(entry);
    }
    // A read already under way may predate the change: later requests must not wait on it.
    for (const key of loading.keys()) {
      if (key.startsWith(`${itineraryId}:`)) loading.delete(key);
    }
  }

  function clear() {
    loading.clear();
    epoch += 1;
    floor = epoch;
    invalidatedAt.clear();
    entries.clear();
    bytes = 0;
  }

  /** Recounts an entry's bytes (its roles, documents and their compressed forms). */
  function recount(entry: Entry) {
    let size = ENTRY_BYTES + ROLE_BYTES * entry.roles.size;
    for (const document of entry.documents.values()) size += document.bytes();
    bytes += size - entry.bytes;
    entry.bytes = size;
  }

  /** Drops the least recently used entries until the cache is within its bound. */
  function evict() {
    while (bytes > maxBytes && entries.size > 0) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      drop(oldest);
    }
  }

  /** Moves an entry to the recent end, recounts it and keeps the bound. */
  function touch(itineraryId: string, entry: Entry) {
    entries.delete(itineraryId);
    entries.set(itineraryId, entry);
    recount(entry);
    evict();
  }

  /** A kept document made a compressed form: it counts at once, not at its next read. */
  function grown(itineraryId: string, slot: Slot, document: CachedDocument) {
    const entry = entries.get(itineraryId);
    if (entry?.documents.get(slot) !== document) return;
    recount(entry);
    evict();
  }

  function lookup(itineraryId: string, slot: Slot | undefined): CachedDocument | undefined {
    const entry = entries.get(itineraryId);
    const document =
      entry && slot ? (entry.documents.get(slot) ?? relabel(itineraryId, entry, slot)) : undefined;
    if (!entry || !document || !enabled()) {
      misses += 1;
      return undefined;
    }
    hits += 1;
    touch(itineraryId, entry);
    return document;
  }

  /**
   * A member's document for `slot`, made from another member role's document kept in the
   * same entry (they were read at the same moment: a change drops them all), and kept.
   */
  function relabel(itineraryId: string, entry: Entry, slot: Slot): CachedDocument | undefined {
    if (slot === 'link') return undefined;
    for (const [other, document] of entry.documents) {
      if (other === 'link') continue;
      const json = withRole(document.json, slot);
      if (json === undefined) return undefined;
      const relabelled = documentOf(json, undefined, () => grown(itineraryId, slot, relabelled));
      entry.documents.set(slot, relabelled);
      return relabelled;
    }
    return undefined;
  }

  // `members:<itineraryId>` for a member change, `<itineraryId>` for any other.
  notifications?.on(DOCUMENTS_CHANNEL, (payload) => {
    if (payload.startsWith('members:')) invalidate(payload.slice('members:'.length), 'all');
    else invalidate(payload, 'documents');
  });
  // `<itineraryId>:<eventId>:<kind>:<time>` or `presence:<json>` (presence changes no document, nor
  // does a change of what the document does not hold; without a kind, from a server before
  // kinds were sent, any event may change it).
  notifications?.on(EVENTS_CHANNEL, (payload) => {
    if (payload.startsWith('presence:')) return;
    const [itineraryId = '', , kind] = payload.split(':');
    if (kind === undefined || !leavesDocument(kind)) invalidate(itineraryId, 'documents');
  });
  notifications?.onState(() => clear());

  function begin() {
    const started = epoch;
    return (itineraryId: string, read: ReadDocument, userId?: string): CachedDocument => {
      const slot: Slot = userId ? read.role : 'link';
      const document = documentOf(read.json, undefined, () => grown(itineraryId, slot, document));
      const raced = (invalidatedAt.get(itineraryId) ?? floor) > started;
      if (!enabled() || raced || Buffer.byteLength(read.json) > maxBytes / 4) return document;
      let entry = entries.get(itineraryId);
      if (!entry) {
        entry = { roles: new Map(), documents: new Map(), bytes: 0 };
        entries.set(itineraryId, entry);
      }
      if (userId) entry.roles.set(userId, read.role);
      const kept = entry.documents.get(slot);
      // Two readers with the same role share one copy (and its compressed forms). A
      // document kept for another role is of an older read: a newer one replaces them all.
      if (kept && kept.json === read.json) {
        touch(itineraryId, entry);
        return kept;
      }
      if (slot !== 'link') {
        for (const other of entry.documents.keys()) {
          if (other !== 'link') entry.documents.delete(other);
        }
      }
      entry.documents.set(slot, document);
      touch(itineraryId, entry);
      return document;
    };
  }

  return {
    get(itineraryId, userId) {
      return lookup(itineraryId, entries.get(itineraryId)?.roles.get(userId));
    },
    begin,
    load(itineraryId, userId, read) {
      const slot: Slot | undefined = userId ? entries.get(itineraryId)?.roles.get(userId) : 'link';
      const cached = lookup(itineraryId, slot);
      if (cached) return Promise.resolve(cached);
      // Members whose role is known share a read (each gets its role's document from it), and
      // so do share-link holders; a reader whose role is not known yet reads alone.
      const key =
        slot === 'link'
          ? `${itineraryId}:link`
          : slot
            ? `${itineraryId}:members`
            : `${itineraryId}:user:${userId ?? ''}`;
      let pending = loading.get(key);
      if (!pending) {
        const keep = begin();
        pending = read()
          .then((found) => (found && !found.trashed ? keep(itineraryId, found, userId) : undefined))
          .finally(() => {
            if (loading.get(key) === pending) loading.delete(key);
          });
        loading.set(key, pending);
      }
      if (!slot || slot === 'link') return pending;
      // The read may have been another member's: this reader gets its own role's document,
      // from the cache where the read was kept, else made from the read.
      return pending.then((document) => {
        if (!document) return undefined;
        const kept = lookup(itineraryId, slot);
        if (kept) return kept;
        const own = withRole(document.json, slot);
        return own === undefined || own === document.json ? document : documentOf(own);
      });
    },
    invalidate,
    clear,
    stats: () => ({ entries: entries.size, bytes, hits, misses }),
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route writes only what the itinerary's document does not hold (`leavesDocument`):
     * its writes keep the cached document.
     */
    outsideDocument?: boolean;
  }
}

/**
 * A write answered by this process drops what it may have changed before it answers, so the
 * writer's next read is fresh even before the NOTIFY of its commit comes back: the itinerary
 * a route under /api/itineraries/{id} names (unless the route writes only what its document
 * does not hold), or everything for a write elsewhere that can change documents or members
 * (an invitation accepted, an account deleted, an admin's act). Sign-in and the other account
 * routes change no itinerary.
 */
export function invalidateOnWrites(app: FastifyInstance, documents: DocumentCache): void {
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (!SAFE_METHODS.has(request.method)) invalidateFor(request);
    done(null, payload);
  });

  function invalidateFor(request: FastifyRequest) {
    const route = request.routeOptions.url ?? '';
    const params: unknown = request.params; // each route's own: `id` where there is one
    const id = typeof params === 'object' && params !== null && 'id' in params ? params.id : null;
    if (request.routeOptions.config.outsideDocument) {
      // A note, a list: the document is as it was. (When such a write moves the
      // itinerary's last-change time, which the document shows, the NOTIFY of that drops it.)
    } else if (route.startsWith('/api/itineraries/:id') && typeof id === 'string') {
      const members = /\/(members|invitations|transfer)/.test(route);
      documents.invalidate(id, members ? 'all' : 'documents');
    } else if (route === '/api/itineraries') {
      // A new itinerary: nobody holds it yet.
    } else if (route.startsWith('/api/auth/') && !request.url.includes('/delete-user')) {
      // Sign-in, sign-up, sessions: no document changes.
    } else if (route.startsWith('/api/') || route.startsWith('/v0/')) {
      // (A file deleted through the storage API may take a photo with it.)
      documents.clear();
    }
  }
}
