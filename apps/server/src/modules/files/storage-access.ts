import { foldSegment, objectSpace, type ObjectSpace } from '@jammy/shared/storage';
import type { FastifyRequest } from 'fastify';
import { bearerSecret } from '../../auth/api-tokens';
import type { Sessions } from '../../auth/session';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { authorizeLink, findAccess, type ItineraryRow } from '../itineraries/access';
import { openSessionCheck } from './callers.repository';
import { verifyStorageToken } from './storage-token';

/** Who asks a storage request: a signed-in traveller, or nobody. */
export interface StorageCaller {
  userId: string;
  /** An API token limited to chosen trips: only their files (docs/decisions/044). */
  trips?: ReadonlySet<string> | null;
}

export type StorageAction = 'read' | 'write';

/** The space an object lives in, once the caller may act on it. */
export interface Authorized {
  space: ObjectSpace;
  /** The itinerary of an `itineraries/{id}/…` path. */
  itinerary?: ItineraryRow;
  /** Whose quota the object counts against: the trip's owner, or the traveller. */
  quotaUserId?: string;
  /** Through a share link (not a membership): what is members-only stays hidden. */
  viaLink: boolean;
}

export function unauthenticated(): AppError {
  return new AppError('storage/unauthenticated', 'Sign in to use files');
}

export function unauthorized(): AppError {
  return new AppError('storage/unauthorized', 'You may not do this with this file');
}

/** Folders of an itinerary that a share link does not open (tickets carry names). */
const MEMBERS_ONLY_FOLDERS = new Set(['attachments']);

/**
 * Whether an itinerary's folder is for its members only. Compared folded, so that no other
 * spelling of it (refused for new paths, possible in rows stored before) is ever opened.
 */
export function isMembersOnlyFolder(folder: string): boolean {
  return MEMBERS_ONLY_FOLDERS.has(foldSegment(folder));
}

/**
 * The caller of a storage request: a personal API token (`Bearer jmy_…`);
 * `Authorization: Firebase <token>` (or `Bearer`), a token from POST /api/storage/token,
 * checked against its still-open session; else the session cookie. A token that is wrong or expired is a 401, never an anonymous call.
 */
export function storageCallers(db: Db, sessions: Sessions, secret: string) {
  const sessionOpen = openSessionCheck(db);

  return async function callerOf(request: FastifyRequest): Promise<StorageCaller | null> {
    const header = request.headers.authorization;
    // A personal API token (checked, with its scope, before the route: auth/token-scopes.ts).
    if (bearerSecret(request) !== undefined) {
      const current = await sessions.find(request);
      if (!current) throw new AppError('storage/unauthenticated', 'This API token is not valid');
      return { userId: current.user.id, trips: current.token?.trips ?? null };
    }
    if (header) {
      const match = /^(?:Firebase|Bearer)\s+(\S+)$/i.exec(header);
      const claims = match?.[1] ? verifyStorageToken(secret, match[1]) : null;
      if (!claims) throw new AppError('storage/unauthenticated', 'This sign-in token is not valid');
      if (!(await sessionOpen(claims.sid, claims.uid)))
        throw new AppError('storage/unauthenticated', 'This sign-in has ended');
      return { userId: claims.uid };
    }
    const current = await sessions.find(request);
    return current ? { userId: current.user.id } : null;
  };
}

/**
 * May `caller` do `action` on objects under `path` (DESIGN §6, spec §6)? An itinerary's
 * files follow its roles: members read (a share-link holder too, except attachments), the
 * owner and editors write; a trashed trip's files only its owner reads. `users/{uid}/…` is
 * the traveller's own. Nobody signed in: 401; signed in without the right: 403 (whether the
 * trip exists or not is not revealed).
 */
export async function authorizePath(
  db: Db,
  caller: StorageCaller | null,
  path: string,
  action: StorageAction,
  shareToken?: string,
): Promise<Authorized> {
  const space = objectSpace(path);
  const reached = space.kind === 'itinerary' && caller?.trips?.has(space.itineraryId);
  if (caller?.trips && !reached) throw unauthorized();
  if (space.kind === 'user') {
    if (!caller) throw unauthenticated();
    if (caller.userId !== space.userId) throw unauthorized();
    return { space, quotaUserId: caller.userId, viaLink: false };
  }
  if (space.kind === 'other') throw caller ? unauthorized() : unauthenticated();

  const access = caller ? await findAccess(db, space.itineraryId, caller.userId) : null;
  if (access) {
    const trashed = access.itinerary.deletedAt !== null;
    const allowed =
      action === 'read'
        ? !trashed || access.role === 'owner'
        : !trashed && (access.role === 'owner' || access.role === 'editor');
    if (allowed) {
      return {
        space,
        itinerary: access.itinerary,
        quotaUserId: access.itinerary.ownerId,
        viaLink: false,
      };
    }
    throw unauthorized();
  }
  if (shareToken !== undefined && action === 'read' && !isMembersOnlyFolder(space.folder)) {
    const itinerary = await authorizeLink(db, space.itineraryId, shareToken).catch(() => null);
    if (itinerary) return { space, itinerary, viaLink: true };
  }
  throw caller ? unauthorized() : unauthenticated();
}
