import type { Role } from '@jammy/shared/itineraries';
import type { EncodedDocument } from '../../lib/http-cache';

/** The channel the itinerary, stage, place and member triggers notify (migration 0009). */
export const DOCUMENTS_CHANNEL = 'jammy_documents';

/** A document as sent: its JSON text, its ETag, and its compressed forms once asked for. */
export type CachedDocument = EncodedDocument;

/**
 * The parts of a trip kept beside its document (docs/decisions/041): answers every member
 * reads alike, whatever their role, and that change only when the trip does.
 */
export type Part = 'budget' | 'bookings';

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
