import type { Role } from '@jammy/shared/itineraries';
import type { CachedDocument, Part } from './document-cache';

// One trip's entry in the document cache (lru-document-cache.ts): where each document is
// kept, what else is known of the trip, and what it all costs against the cache's bound.

/** Where an entry keeps a document: a member role's, share-link holders' (`link`), a part's. */
export type Slot = Role | 'link' | Part;

const ROLE_SLOTS: ReadonlySet<Slot> = new Set<Role>(['owner', 'editor', 'viewer']);

/** A kept document, counting its own bytes (its compressed forms as they are made). */
export type Kept = CachedDocument & { bytes(): number };

/** What the cache keeps of one trip. */
export interface Entry {
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

/** An entry with nothing kept yet. */
export function newEntry(): Entry {
  return {
    roles: new Map(),
    documents: new Map(),
    links: new Map(),
    names: new Map(),
    checked: false,
    bytes: 0,
  };
}

/** What `entry` costs against the bound: its roles, links, documents and their compressed forms. */
export function sizeOf(entry: Entry): number {
  let size = ENTRY_BYTES + ROLE_BYTES * entry.roles.size + LINK_BYTES * entry.links.size;
  for (const document of entry.documents.values()) size += document.bytes();
  return size;
}

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

export const isRole = (slot: Slot): slot is Role => ROLE_SLOTS.has(slot);
