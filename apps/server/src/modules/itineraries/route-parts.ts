import { idSchema } from '@jammy/shared/ids';
import { shareTokenSchema } from '@jammy/shared/sharing';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireSession, type Sessions } from '../../auth/session';
import type { Db } from '../../db/client';
import type { Caller } from './access';

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
  const { user } = await requireSession(sessions, request);
  return { itineraryId, actorId: user.id };
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
