import { SESSIONS_CHANNEL } from '../../auth/session';
import { leavesDocument } from '../../events/document-parts';
import { EVENTS_CHANNEL } from '../../events/events.repository';
import type { Notifications } from '../../events/notifications';
import { encodeDocument } from '../../lib/http-cache';
import {
  DOCUMENTS_CHANNEL,
  type CachedDocument,
  type DocumentCache,
  type Part,
  type ReadDocument,
} from './document-cache';
import {
  isRole,
  newEntry,
  sizeOf,
  withRole,
  type Entry,
  type Kept,
  type Slot,
} from './document-cache-entry';

/** Invalidation times remembered per itinerary before they are folded into one. */
const MAX_REMEMBERED = 10_000;

/**
 * The document cache (the contract and its rules of staleness: document-cache.ts), in this
 * process's memory: one entry per trip (document-cache-entry.ts), the least recently used
 * dropped first once the entries outgrow `maxBytes`, each dropped as the notifications of
 * `notifications` say its trip changed.
 */
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
      entry = newEntry();
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
    const size = sizeOf(entry);
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
