import { and, eq, sql } from 'drizzle-orm';
import type { Executor as Db } from '../../db/client';
import { itinerary, itineraryMember } from '../../db/schema/itineraries';
import { retryTransaction } from '../../lib/database-errors';
import { assertAllowed, type Action } from './access';

export interface LockOptions {
  /** Whose change it is: their membership is checked again under the lock (when `requires`). */
  actorId?: string | null;
  /** The right the actor must still have once the lock is held. */
  requires?: Action;
  /** Only restoring works on an itinerary in the trash. */
  includeTrashed?: boolean;
  /**
   * Hold the row shared (`FOR KEY SHARE`) rather than alone (`FOR UPDATE`): the itinerary, its
   * trash state and its members still cannot change meanwhile (every such change takes the
   * row alone), but other shared writers go on at once. For writes that keep no order among
   * siblings (a note, a booking, an expense), which have nothing to take turns for.
   */
  shared?: boolean;
}

/** A UUID no user has: the left join then finds no membership. */
const NOBODY = '00000000-0000-0000-0000-000000000000';

/**
 * Runs `work` in a transaction holding the itinerary's row lock, so that writers computing a
 * position from the current siblings take turns (no two rows get the same position; `shared`
 * writers, which compute none, only hold the itinerary still), and
 * checks again, under the lock, what was checked before it: the itinerary still exists and
 * is not in the trash, and the actor may still do this. A request that lost a race against
 * a delete, a trash or a removal from the members so answers 404/403 and writes nothing,
 * instead of adding rows to what is gone.
 */
export function withItineraryLock<T>(
  db: Db,
  itineraryId: string,
  work: (tx: Db) => Promise<T>,
  options: LockOptions = {},
): Promise<T> {
  return retryTransaction(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .select({ deletedAt: itinerary.deletedAt, role: itineraryMember.role })
        .from(itinerary)
        .leftJoin(
          itineraryMember,
          and(
            eq(itineraryMember.itineraryId, itinerary.id),
            eq(itineraryMember.userId, sql`${options.actorId ?? NOBODY}::uuid`),
          ),
        )
        .where(eq(itinerary.id, itineraryId))
        .for(options.shared ? 'key share' : 'update', { of: itinerary });
      if (options.requires && options.actorId) {
        assertAllowed(row ?? null, options.requires, options);
      } else {
        // Without an actor to check, only the itinerary's own state matters.
        assertAllowed(row ? { deletedAt: row.deletedAt, role: 'owner' } : null, 'read', options);
      }
      return work(tx);
    }),
  );
}
