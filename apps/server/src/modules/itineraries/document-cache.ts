import type { Role } from '@jammy/shared/itineraries';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSIONS_CHANNEL } from '../../auth/session';
import type { Notifications } from '../../events/notifications';
import { encodeDocument, type EncodedDocument } from '../../lib/http-cache';
import { EVENTS_CHANNEL } from '../../events/events.repository';
import { leavesDocument } from '../../events/document-parts';

/** The channel the itinerary, stage, place and member triggers notify (migration 0009). */
export const DOCUMENTS_CHANNEL = 'jammy_documents';

/** A document as sent: its JSON text, its ETag, and its compressed forms once asked for. */
export type CachedDocument = EncodedDocument;

/**
 * The parts of a trip kept beside its document (docs/decisions/041): answers every member
 * reads alike, whatever their role, and that change only when the trip does.
 */
export type Part = 'budget' | 'bookings';

type Slot = Role | 'link' | Part;

const ROLE_SLOTS: ReadonlySet<Slot> = new Set<Role>(['owner', 'editor', 'viewer']);

type Kept = CachedDocument & { bytes(): number };

interface Entry {
  /** Members' roles, as read with the document (a member's change drops the entry). */
  roles: Map<string, Role>;
  /**
   * The document per role (it differs only in the reader's `role`), `link` for share-link
   * holders (theirs has no private attachments and no confirmation codes, so it is never a
   * member viewer's, nor theirs a share-link holder's), and each part members read.
   */
  documents: Map<Slot, Kept>;
  /** Share links found valid since the trip's last change: token hash → expiry (ms) or null. */
  links: Map<string, number | null>;
  /** The travellers whose names a kept part shows (the budget): their account's change drops it. */
  names: Map<Part, ReadonlySet<string>>;
  /**
   * A read since the trip's last change found it readable (not in the trash): with a known
   * role, a member's access needs no query (a live stream's opening).
   */
  checked: boolean;
  bytes: number;
}

/** What a read brought from PostgreSQL, to keep unless the itinerary changed meanwhile. */
export interface ReadDocument {
  json: string;
  role: Role;
  /** The ids of the travellers whose names it shows (a part's), when it shows any. */
  names?: readonly string[];
}

/**
 * The itinerary documents this process served lately, for GET /api/itineraries/{id}
 * (docs/decisions/009), and the parts of a trip its members read alike (its budget, its
 * bookings: docs/decisions/041): the JSON text, its gzip and Brotli forms, who may read it
 * with which role and which share links open it, so a warm read asks the database nothing.
 *
 * Staleness: every change to an itinerary, its stages, places, members, bookings, budget or
 * share links notifies `jammy_documents` from a trigger (migrations 0009 and 0023), and every
 * recorded event notifies `itinerary_events`; both drop the itinerary here, on every process,
 * when the change commits, except an event of what neither the document nor a part holds
 * (`leavesDocument`: a note, a list; docs/decisions/030). A change to an account drops the
 * parts that name its traveller (the budget). A write answered by this process drops it before it
 * answers (`invalidate`, from the route hook), so its author never reads their own change
 * stale. A read that raced a change is not kept (`begin` remembers when it started). While the
 * LISTEN connection is down, nothing is kept and nothing is served from memory.
 *
 * Bounded in bytes (documents, their compressed forms as soon as they are made, and the roles
 * and links kept with them), least recently used first; `maxBytes` 0 turns it off.
 */
export interface DocumentCache {
  /** The bound in bytes (0: off); the caches built on this one take their share of it. */
  readonly maxBytes: number;
  /** The document `userId` may read, when known here. */
  get(itineraryId: string, userId: string): CachedDocument | undefined;
  /** The document a holder of the share link whose token hashes to `tokenHash` may read. */
  getShared(itineraryId: string, tokenHash: string): CachedDocument | undefined;
  /** The `part` of the trip, when `userId`'s role on it and the part are known here. */
  getPart(itineraryId: string, part: Part, userId: string): CachedDocument | undefined;
  /**
   * `userId`'s role on the trip, when known here together with the trip being readable (not
   * in the trash) since its last change: a member's access without a query.
   */
  access(itineraryId: string, userId: string): Role | undefined;
  /** Call before reading from the database; the answer keeps the read unless it raced. */
  begin(): (itineraryId: string, read: ReadDocument, userId?: string) => CachedDocument;
  /**
   * Call before checking a member's access and reading a part; the answer keeps the part
   * (and the role) unless the trip changed meanwhile.
   */
  beginPart(
    part: Part,
  ): (itineraryId: string, read: ReadDocument, userId: string) => CachedDocument;
  /** Call before checking a member's access; the answer keeps the role unless it raced. */
  beginAccess(): (itineraryId: string, userId: string, role: Role) => void;
  /**
   * Call before checking a share link; the answer keeps it as valid (until `expiresAt`) for
   * the trip's link document kept meanwhile, unless the trip changed since.
   */
  beginLink(): (itineraryId: string, tokenHash: string, expiresAt: Date | null) => void;
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
  /**
   * The `part` of the trip for `userId`, from memory or else from `read`, which checks the
   * reader's access (and fails as it must) and answers the part with the reader's role.
   * Members whose role is known share one read after a change.
   */
  loadPart(
    itineraryId: string,
    part: Part,
    userId: string,
    read: () => Promise<ReadDocument>,
  ): Promise<CachedDocument>;
  invalidate(itineraryId: string, what?: 'documents' | 'all'): void;
  clear(): void;
  /**
   * Calls `listener` after each invalidation: of one itinerary's documents, or with `all`
   * its members too; `null` for everything (a clear, the LISTEN connection lost or back).
   */
  onInvalidate(listener: (itineraryId: string | null, what: 'documents' | 'all') => void): void;
  /** Whether anything may be kept now (on, and listening). */
  enabled(): boolean;
  stats(): { entries: number; bytes: number; hits: number; misses: number };
}

/** Invalidation times remembered per itinerary before they are folded into one. */
const MAX_REMEMBERED = 10_000;
/**
 * What an entry costs besides its documents' bytes, counted against the bound: its key, its
 * maps and their first slots (~940 bytes measured on Node 20), each member's role (~480
 * bytes: the id and a map slot) and each valid link (its hash and a map slot). A content change
 * drops the documents but keeps the roles, so without these an entry of no bytes stayed for
 * good, and the cache grew with every itinerary ever read and changed (~1.4 KB each) past any
 * `DOCUMENT_CACHE_MB`.
 */
const ENTRY_BYTES = 1024;
const ROLE_BYTES = 512;
const LINK_BYTES = 256;

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

const isRole = (slot: Slot): slot is Role => ROLE_SLOTS.has(slot);

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
  /** When each traveller's account last changed: a part naming them read before is not kept. */
  const renamedAt = new Map<string, number>();
  const listeners: ((itineraryId: string | null, what: 'documents' | 'all') => void)[] = [];

  const loading = new Map<string, Promise<CachedDocument | undefined>>();
  const loadingParts = new Map<string, Promise<CachedDocument>>();

  const enabled = () => maxBytes > 0 && (notifications?.listening() ?? false);
  const raced = (itineraryId: string, started: number) =>
    (invalidatedAt.get(itineraryId) ?? floor) > started;

  function drop(itineraryId: string) {
    const entry = entries.get(itineraryId);
    if (!entry) return;
    entries.delete(itineraryId);
    bytes -= entry.bytes;
  }

  function entryOf(itineraryId: string): Entry {
    let entry = entries.get(itineraryId);
    if (!entry) {
      entry = {
        roles: new Map(),
        documents: new Map(),
        links: new Map(),
        names: new Map(),
        checked: false,
        bytes: 0,
      };
      entries.set(itineraryId, entry);
    }
    return entry;
  }

  /** Reads under way of an itinerary may predate a change: later requests must not wait on them. */
  function forgetLoading(prefix: string) {
    for (const pending of [loading, loadingParts]) {
      for (const key of pending.keys()) if (key.startsWith(prefix)) pending.delete(key);
    }
  }

  /**
   * Forgets an itinerary's documents, parts and links, and with `all` who its members are too
   * (a member change); a content change keeps the roles, so the reads that follow share one
   * read per role rather than one per reader.
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
      entry.links.clear();
      entry.names.clear();
      entry.checked = false;
      recount(entry);
    }
    forgetLoading(`${itineraryId}:`);
    for (const listener of listeners) listener(itineraryId, what);
  }

  function clear() {
    loading.clear();
    loadingParts.clear();
    epoch += 1;
    floor = epoch;
    invalidatedAt.clear();
    renamedAt.clear();
    entries.clear();
    bytes = 0;
    for (const listener of listeners) listener(null, 'all');
  }

  /** `userId`'s account changed (its name among what may have): the parts naming them go. */
  function forgetNamesOf(userId: string) {
    epoch += 1;
    renamedAt.set(userId, epoch);
    if (renamedAt.size > MAX_REMEMBERED) {
      renamedAt.clear();
      invalidatedAt.clear();
      floor = epoch;
    }
    for (const entry of entries.values()) {
      for (const [part, names] of entry.names) {
        if (!names.has(userId)) continue;
        entry.documents.delete(part);
        entry.names.delete(part);
        recount(entry);
      }
    }
    // A read under way may name them: later requests must not wait on it.
    loadingParts.clear();
  }

  /** Recounts an entry's bytes (its roles, links, documents and their compressed forms). */
  function recount(entry: Entry) {
    let size = ENTRY_BYTES + ROLE_BYTES * entry.roles.size + LINK_BYTES * entry.links.size;
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

  /** A document to keep in `slot`, counted as it grows. */
  function keptOf(itineraryId: string, slot: Slot, json: string): Kept {
    const document: Kept = encodeDocument(json, undefined, () =>
      grown(itineraryId, slot, document),
    );
    return document;
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
    if (!isRole(slot)) return undefined;
    for (const [other, document] of entry.documents) {
      if (!isRole(other)) continue;
      const json = withRole(document.json, slot);
      if (json === undefined) return undefined;
      const relabelled = keptOf(itineraryId, slot, json);
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
  // `u:<userId>`: an account changed (its name among what may have); `s:` is a session's.
  notifications?.on(SESSIONS_CHANNEL, (payload) => {
    if (payload.startsWith('u:')) forgetNamesOf(payload.slice(2));
  });
  notifications?.onState(() => clear());

  const tooBig = (json: string) => Buffer.byteLength(json) > maxBytes / 4;

  function begin() {
    const started = epoch;
    return (itineraryId: string, read: ReadDocument, userId?: string): CachedDocument => {
      const slot: Slot = userId ? read.role : 'link';
      const document = keptOf(itineraryId, slot, read.json);
      if (!enabled() || raced(itineraryId, started) || tooBig(read.json)) return document;
      const entry = entryOf(itineraryId);
      if (userId) entry.roles.set(userId, read.role);
      entry.checked = true;
      const kept = entry.documents.get(slot);
      // Two readers with the same role share one copy (and its compressed forms). A
      // document kept for another role is of an older read: a newer one replaces them all.
      if (kept && kept.json === read.json) {
        touch(itineraryId, entry);
        return kept;
      }
      if (isRole(slot)) {
        for (const other of entry.documents.keys()) {
          if (isRole(other)) entry.documents.delete(other);
        }
      }
      entry.documents.set(slot, document);
      touch(itineraryId, entry);
      return document;
    };
  }

  function beginPart(part: Part) {
    const started = epoch;
    return (itineraryId: string, read: ReadDocument, userId: string): CachedDocument => {
      const document = keptOf(itineraryId, part, read.json);
      const names = read.names ?? [];
      const renamed = names.some((id) => (renamedAt.get(id) ?? 0) > started);
      if (!enabled() || renamed || raced(itineraryId, started) || tooBig(read.json)) {
        return document;
      }
      const entry = entryOf(itineraryId);
      entry.roles.set(userId, read.role);
      entry.checked = true;
      entry.documents.set(part, document);
      if (names.length > 0) entry.names.set(part, new Set(names));
      else entry.names.delete(part);
      touch(itineraryId, entry);
      return document;
    };
  }

  return {
    maxBytes,
    enabled,
    get(itineraryId, userId) {
      return lookup(itineraryId, entries.get(itineraryId)?.roles.get(userId));
    },
    getShared(itineraryId, tokenHash) {
      const links = entries.get(itineraryId)?.links;
      const expiresAt = links?.get(tokenHash);
      if (expiresAt === undefined || (expiresAt !== null && expiresAt <= Date.now())) {
        misses += 1;
        return undefined;
      }
      return lookup(itineraryId, 'link');
    },
    getPart(itineraryId, part, userId) {
      const known = entries.get(itineraryId)?.roles.has(userId) ?? false;
      return lookup(itineraryId, known ? part : undefined);
    },
    access(itineraryId, userId) {
      const entry = entries.get(itineraryId);
      return entry?.checked && enabled() ? entry.roles.get(userId) : undefined;
    },
    begin,
    beginPart,
    beginAccess() {
      const started = epoch;
      return (itineraryId, userId, role) => {
        if (!enabled() || raced(itineraryId, started)) return;
        const entry = entryOf(itineraryId);
        entry.roles.set(userId, role);
        entry.checked = true;
        touch(itineraryId, entry);
      };
    },
    beginLink() {
      const started = epoch;
      return (itineraryId, tokenHash, expiresAt) => {
        const entry = entries.get(itineraryId);
        // Kept only beside the link document read since the same change.
        if (!entry?.documents.has('link') || !enabled() || raced(itineraryId, started)) return;
        entry.links.set(tokenHash, expiresAt?.getTime() ?? null);
        touch(itineraryId, entry);
      };
    },
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
        return own === undefined || own === document.json ? document : encodeDocument(own);
      });
    },
    loadPart(itineraryId, part, userId, read) {
      const known = entries.get(itineraryId)?.roles.has(userId) ?? false;
      const cached = lookup(itineraryId, known ? part : undefined);
      if (cached) return Promise.resolve(cached);
      // Members whose role is known share a read; a reader whose role is not known reads alone.
      const key = known ? `${itineraryId}:${part}` : `${itineraryId}:${part}:user:${userId}`;
      let pending = loadingParts.get(key);
      if (!pending) {
        const keep = beginPart(part);
        pending = read()
          .then((found) => keep(itineraryId, found, userId))
          .finally(() => {
            if (loadingParts.get(key) === pending) loadingParts.delete(key);
          });
        loadingParts.set(key, pending);
      }
      return pending;
    },
    invalidate,
    clear,
    onInvalidate(listener) {
      listeners.push(listener);
    },
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
