import type { Role } from '@jammy/shared/itineraries';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Executor } from '../../db/client';
import { transactionInTrips } from '../../db/transaction-trips';
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
 * instead of adding rows to what is gone. BEGIN and the lock travel with the work's first
 * query, and `closing` with COMMIT (`transactionInTrips`): a note is written in two round
 * trips.
 */
export function withItineraryLock<T>(
  db: Executor,
  itineraryId: string,
  work: (tx: Executor) => Promise<T>,
  options: LockOptions & {
    /** The transaction's last statement, sent with its COMMIT. */
    closing?: (result: T, tx: Executor) => Promise<SQL | undefined>;
  } = {},
): Promise<T> {
  const check = sql`select i.deleted_at, m.role from itinerary i
    left join itinerary_member m
      on m.itinerary_id = i.id and m.user_id = ${options.actorId ?? NOBODY}::uuid
    where i.id = ${itineraryId}`;
  const opening = sql`${check} for ${sql.raw(options.shared ? 'key share' : 'update')} of i`;
  const decide = (found: Found | null) => {
    if (options.requires && options.actorId) {
      assertAllowed(found, options.requires, options);
    } else {
      // Without an actor to check, only the itinerary's own state matters.
      assertAllowed(found ? { deletedAt: found.deletedAt, role: 'owner' } : null, 'read', options);
    }
  };
  const pool = (db as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) {
    // Inside a transaction already (an import that creates its itinerary): a savepoint, one
    // statement a trip.
    return retryTransaction(() =>
      db.transaction(async (tx) => {
        decide(foundOf((await tx.execute(opening)).rows[0]));
        const result = await work(tx);
        const closing = await options.closing?.(result, tx);
        if (closing) await tx.execute(closing);
        return result;
      }),
    );
  }
  return retryTransaction(() =>
    transactionInTrips(
      pool,
      { opening, read: foundOf, decide, recheck: check, closing: options.closing },
      work,
    ),
  );
}

export type Found = { deletedAt: Date | null; role: Role | null };

/** The lock's row: whether the itinerary is in the trash, and the actor's role. */
export function foundOf(row: Record<string, unknown> | undefined): Found | null {
  if (!row) return null;
  const deletedAt = row.deleted_at;
  return {
    deletedAt:
      deletedAt instanceof Date || typeof deletedAt === 'string' ? new Date(deletedAt) : null,
    role: typeof row.role === 'string' ? (row.role as Role) : null,
  };
}
