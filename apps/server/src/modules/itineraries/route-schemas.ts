import { z } from 'zod';
import type { Sessions } from '../../auth/session';
import type { Db } from '../../db/client';

/** What the routes of an itinerary's parts are given: the database and the sessions. */
export interface RouteDeps {
  db: Db;
  sessions: Sessions;
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
