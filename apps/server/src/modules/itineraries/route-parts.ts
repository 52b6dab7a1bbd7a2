import { idSchema } from '@jammy/shared/ids';
import { shareTokenSchema } from '@jammy/shared/sharing';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireSession, type Sessions } from '../../auth/session';
import type { Db } from '../../db/client';
import { sendDocument } from '../../lib/http-cache';
import type { Caller } from './access';
import type { DocumentCache, Part, ReadDocument } from './document-cache';

/**
 * What the routes of an itinerary and its parts are made of: the path's parameters, who
 * asks, the shape of a collection's answer and the error statuses.
 */

/** `/api/itineraries/:id…`: the itinerary's id. */
export const itineraryParams = z.object({ id: idSchema });
/** `?share=<token>`: a read through a share link (the itinerary and its non-private notes). */
export const shareQuery = z.object({ share: shareTokenSchema.optional() });

/** What the routes of an itinerary's parts are given: the database and the sessions. */
export interface RouteDeps {
  db: Db;
  sessions: Sessions;
}

/** The signed-in caller (401 without a session), on the itinerary `itineraryId`. */
export async function callerOf(
  sessions: Sessions,
  request: FastifyRequest,
  itineraryId: string,
): Promise<Caller> {
  const { user, token } = await requireSession(sessions, request);
  return token
    ? { itineraryId, actorId: user.id, via: token.name }
    : { itineraryId, actorId: user.id };
}

/** The routes of a trip's parts kept with its document (its budget, its bookings). */
export interface KeptPartDeps extends RouteDeps {
  documents: DocumentCache;
}

/**
 * GET of a member's `part` of the trip, kept with its document (docs/decisions/041): a known
 * session's kept answer goes at once, without a promise; any other reads the session, then the
 * part through `read` (which checks the caller's access) unless another member's read of it is
 * under way, and keeps it.
 */
export function answerPart(
  deps: KeptPartDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  part: { itineraryId: string; name: Part; read: (caller: Caller) => Promise<ReadDocument> },
): Promise<void> | undefined {
  const known = deps.sessions.known(request);
  const cached = known && deps.documents.getPart(part.itineraryId, part.name, known.user.id);
  if (cached) {
    sendDocument(request, reply, cached);
    return undefined;
  }
  const load = async () => {
    const caller = await callerOf(deps.sessions, request, part.itineraryId);
    const document = await deps.documents.loadPart(
      part.itineraryId,
      part.name,
      caller.actorId,
      () => part.read(caller),
    );
    sendDocument(request, reply, document);
  };
  return load();
}

/** The answer of a collection of an itinerary's parts: all of them, in one page. */
export function allOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.null() });
}

/** The error statuses of a read of an itinerary's part: no session, not a member or no row. */
export const READ_ERRORS = [401, 404] as const;
/** …of a create: a viewer may not write. */
export const CREATE_ERRORS = [401, 403, 404] as const;
/** …of a change, a move or a delete: a stale version too. */
export const WRITE_ERRORS = [401, 403, 404, 409] as const;
