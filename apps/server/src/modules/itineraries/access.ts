import type { Role } from '@jammy/shared/itineraries';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Sessions } from '../../auth/session';
import type { Db } from '../../db/client';
import { itinerary, itineraryMember, shareLink } from '../../db/schema/itineraries';
import { AppError } from '../../lib/errors';
import { hashToken } from '../../lib/tokens';

export type ItineraryRow = typeof itinerary.$inferSelect;

export interface Access {
  itinerary: ItineraryRow;
  role: Role;
}

/** Who asks, on which itinerary: what the services of an itinerary's parts take. */
export interface Caller {
  itineraryId: string;
  actorId: string;
  /** The name of the API token the caller acts through (recorded with their changes). */
  via?: string;
}

/** Who writes a change a service is handed by id (a photo, an attachment), and through what. */
export interface Writer {
  id: string;
  /** The name of the API token the traveller acts through (recorded with their changes). */
  via?: string;
}

/** Who may do what on an itinerary; every itinerary endpoint asks this first. */
export type Action = 'read' | 'write' | 'own';

const ALLOWED: Record<Action, ReadonlySet<Role>> = {
  read: new Set(['owner', 'editor', 'viewer']),
  write: new Set(['owner', 'editor']),
  own: new Set(['owner']),
};

/** The roles that may do `action`. */
export function rolesAllowed(action: Action): ReadonlySet<Role> {
  return ALLOWED[action];
}

/** The itinerary and the caller's role on it, in one query; null when they have none. */
export async function findAccess(
  db: Db,
  itineraryId: string,
  userId: string,
): Promise<Access | null> {
  const [row] = await db
    .select({ itinerary, role: itineraryMember.role })
    .from(itinerary)
    .innerJoin(
      itineraryMember,
      and(eq(itineraryMember.itineraryId, itinerary.id), eq(itineraryMember.userId, userId)),
    )
    .where(eq(itinerary.id, itineraryId));
  return row ?? null;
}

/**
 * The caller's access for `action`: a stranger gets 404 (the itinerary's existence is not
 * revealed), a member without the right 403. Trashed itineraries are only for their owner's
 * restore (`includeTrashed`).
 */
export async function authorize(
  db: Db,
  itineraryId: string,
  userId: string,
  action: Action,
  options: { includeTrashed?: boolean } = {},
): Promise<Access> {
  const access = await findAccess(db, itineraryId, userId);
  assertAllowed(
    access && { deletedAt: access.itinerary.deletedAt, role: access.role },
    action,
    options,
  );
  if (!access) throw itineraryNotFound();
  return access;
}

function itineraryNotFound(): AppError {
  return new AppError('itinerary/not-found', 'There is no such itinerary');
}

/**
 * The rule of `authorize` on an itinerary's state and the caller's role (null when the
 * itinerary does not exist or the caller is not a member): 404, 403 or nothing.
 */
export function assertAllowed(
  found: { deletedAt: Date | null; role: Role | null } | null,
  action: Action,
  options: { includeTrashed?: boolean } = {},
): void {
  if (!found?.role || (found.deletedAt && !options.includeTrashed)) throw itineraryNotFound();
  if (!ALLOWED[action].has(found.role)) {
    throw new AppError(
      'auth/forbidden',
      action === 'own'
        ? 'Only the owner may do this'
        : 'You can view this itinerary but not change it',
    );
  }
}

/**
 * A read through a share link (`?share=<token>`): the itinerary when the link is for it and
 * still valid; 404 `share/not-found`, `share/revoked` or `share/expired` otherwise, so the
 * page can say why. The token is looked up by its SHA-256 hash.
 */
export async function authorizeLink(
  db: Db,
  itineraryId: string,
  token: string,
): Promise<ItineraryRow> {
  return (await checkLink(db, itineraryId, token)).itinerary;
}

/** `authorizeLink`, with when the link stops working (null: until revoked). */
export async function checkLink(
  db: Db,
  itineraryId: string,
  token: string,
): Promise<{ itinerary: ItineraryRow; expiresAt: Date | null }> {
  const [row] = await db
    .select({ itinerary, expiresAt: shareLink.expiresAt, revokedAt: shareLink.revokedAt })
    .from(shareLink)
    .innerJoin(itinerary, eq(itinerary.id, shareLink.itineraryId))
    .where(and(eq(shareLink.tokenHash, hashToken(token)), eq(shareLink.itineraryId, itineraryId)));
  if (!row || row.itinerary.deletedAt) {
    throw new AppError('share/not-found', 'This link does not open any itinerary');
  }
  if (row.revokedAt) {
    throw new AppError('share/revoked', 'This link was turned off by the itinerary’s owner');
  }
  if (row.expiresAt && row.expiresAt <= new Date()) {
    throw new AppError('share/expired', 'This link has expired');
  }
  return { itinerary: row.itinerary, expiresAt: row.expiresAt };
}

/** Who reads: a member (with their access), or anyone holding a valid share link. */
export type Reader =
  { kind: 'member'; access: Access; userId: string } | { kind: 'link'; itinerary: ItineraryRow };

/**
 * The reader of an itinerary's shareable parts (the itinerary, its non-private notes):
 * members first, then a `?share=` token; 401 for an anonymous caller without a token,
 * 404 for a stranger without one.
 */
export async function authorizeReader(
  db: Db,
  sessions: Sessions,
  request: FastifyRequest,
  itineraryId: string,
  shareToken: string | undefined,
): Promise<Reader> {
  const current = await sessions.find(request);
  if (current) {
    const access = await findAccess(db, itineraryId, current.user.id);
    if (access && !access.itinerary.deletedAt) {
      return { kind: 'member', access, userId: current.user.id };
    }
  }
  if (shareToken !== undefined) {
    return { kind: 'link', itinerary: await authorizeLink(db, itineraryId, shareToken) };
  }
  if (!current) throw new AppError('auth/unauthenticated', 'Sign in to continue');
  throw new AppError('itinerary/not-found', 'There is no such itinerary');
}

/** The itinerary a reader reads, and whether they are a member (a link's holder sees less). */
export function readerScope(reader: Reader): { itineraryId: string; member: boolean } {
  return reader.kind === 'member'
    ? { itineraryId: reader.access.itinerary.id, member: true }
    : { itineraryId: reader.itinerary.id, member: false };
}
