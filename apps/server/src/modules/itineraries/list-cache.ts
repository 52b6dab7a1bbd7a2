import { encodeDocument } from '../../lib/http-cache';
import type { CachedDocument, DocumentCache } from './document-cache';

/** What a read of one page of a traveller's list brought, to keep unless it raced a change. */
export interface ReadList {
  json: string;
  /** Every itinerary the traveller is a member of (in the trash too), read with the page. */
  memberOf: string[];
}

/**
 * The pages of travellers' lists of trips this process served lately (GET /api/itineraries,
 * docs/decisions/041), kept as their JSON bytes per traveller and query, so a warm read asks
 * the database nothing.
 *
 * Staleness: a page shows trips of its traveller and is ordered by them, so any change to any
 * trip the traveller is a member of may change every page of theirs: kept with the pages is
 * every itinerary the traveller belongs to, and the document cache's invalidation of one of
 * them (a change to the trip, its stages or places, from a trigger or an event on any process,
 * or a write answered here: see document-cache.ts) drops all of its members' pages. A change of
 * members can add a trip to anyone's list: it drops every page, as does anything that clears
 * the document cache (a write elsewhere, the LISTEN connection lost). A read that raced a
 * change of one of its trips is not kept. Writes that create a trip drop its creator's pages
 * before answering (`forget`). Bounded in bytes, least recently used traveller first.
 */
export interface ListCache {
  /** The page `key` of `userId`'s list, when known here. */
  get(userId: string, key: string): CachedDocument | undefined;
  /** The page from memory, else from `read`; concurrent misses of one page share one read. */
  load(userId: string, key: string, read: () => Promise<ReadList>): Promise<CachedDocument>;
  /** Drops `userId`'s pages (they made a trip). */
  forget(userId: string): void;
}

interface Pages {
  pages: Map<string, CachedDocument & { bytes(): number }>;
  memberOf: Set<string>;
  bytes: number;
}

/** Invalidation times remembered per itinerary before they are folded into one. */
const MAX_REMEMBERED = 10_000;
/** What a traveller's pages cost besides their bytes: the maps, and each trip id kept. */
const TRAVELLER_BYTES = 1024;
const TRIP_BYTES = 128;

export function createListCache(documents: DocumentCache, maxBytes: number): ListCache {
  const travellers = new Map<string, Pages>();
  /** itinerary → the travellers whose pages are kept and who are its members. */
  const membersOf = new Map<string, Set<string>>();
  const loading = new Map<string, Promise<CachedDocument>>();
  let bytes = 0;
  let epoch = 0;
  let floor = 0;
  const invalidatedAt = new Map<string, number>();
  const forgottenAt = new Map<string, number>();

  const enabled = () => maxBytes > 0 && documents.enabled();

  function drop(userId: string) {
    const kept = travellers.get(userId);
    if (!kept) return;
    travellers.delete(userId);
    bytes -= kept.bytes;
    for (const itineraryId of kept.memberOf) {
      const members = membersOf.get(itineraryId);
      members?.delete(userId);
      if (members?.size === 0) membersOf.delete(itineraryId);
    }
  }

  function clear() {
    epoch += 1;
    floor = epoch;
    invalidatedAt.clear();
    forgottenAt.clear();
    travellers.clear();
    membersOf.clear();
    loading.clear();
    bytes = 0;
  }

  function remember(times: Map<string, number>, id: string) {
    epoch += 1;
    times.set(id, epoch);
    if (times.size > MAX_REMEMBERED) {
      invalidatedAt.clear();
      forgottenAt.clear();
      floor = epoch;
    }
  }

  documents.onInvalidate((itineraryId, what) => {
    if (itineraryId === null || what === 'all') {
      clear();
      return;
    }
    remember(invalidatedAt, itineraryId);
    for (const userId of [...(membersOf.get(itineraryId) ?? [])]) drop(userId);
    // A read under way may hold the trip (its traveller's trips are known only once it is
    // done): later requests must not wait on it.
    loading.clear();
  });

  function keep(userId: string, key: string, read: ReadList, started: number): CachedDocument {
    const document = encodeDocument(read.json);
    const raced =
      floor > started ||
      (forgottenAt.get(userId) ?? 0) > started ||
      read.memberOf.some((itineraryId) => (invalidatedAt.get(itineraryId) ?? 0) > started);
    if (!enabled() || raced || document.bytes() > maxBytes / 4) return document;
    let kept = travellers.get(userId);
    if (!kept) {
      kept = { pages: new Map(), memberOf: new Set(read.memberOf), bytes: 0 };
      travellers.set(userId, kept);
      for (const itineraryId of read.memberOf) {
        let members = membersOf.get(itineraryId);
        if (!members) membersOf.set(itineraryId, (members = new Set()));
        members.add(userId);
      }
    }
    kept.pages.set(key, document);
    touch(userId, kept);
    return document;
  }

  /** Moves a traveller to the recent end, recounts their bytes and keeps the bound. */
  function touch(userId: string, kept: Pages) {
    travellers.delete(userId);
    travellers.set(userId, kept);
    let size = TRAVELLER_BYTES + TRIP_BYTES * kept.memberOf.size;
    for (const page of kept.pages.values()) size += page.bytes();
    bytes += size - kept.bytes;
    kept.bytes = size;
    while (bytes > maxBytes && travellers.size > 0) {
      const oldest = travellers.keys().next().value;
      if (oldest === undefined) break;
      drop(oldest);
    }
  }

  function get(userId: string, key: string): CachedDocument | undefined {
    const kept = travellers.get(userId);
    const page = kept?.pages.get(key);
    if (!kept || !page || !enabled()) return undefined;
    touch(userId, kept);
    return page;
  }

  return {
    get,
    load(userId, key, read) {
      const cached = get(userId, key);
      if (cached) return Promise.resolve(cached);
      const loadKey = `${userId}:${key}`;
      let pending = loading.get(loadKey);
      if (!pending) {
        const started = epoch;
        pending = read()
          .then((found) => keep(userId, key, found, started))
          .finally(() => {
            if (loading.get(loadKey) === pending) loading.delete(loadKey);
          });
        loading.set(loadKey, pending);
      }
      return pending;
    },
    forget(userId) {
      remember(forgottenAt, userId);
      drop(userId);
      for (const key of loading.keys()) if (key.startsWith(`${userId}:`)) loading.delete(key);
    },
  };
}
