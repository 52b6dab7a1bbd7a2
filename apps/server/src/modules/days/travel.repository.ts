import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { travelTime } from '../../db/schema/travel';

export type TravelTimeRow = typeof travelTime.$inferSelect;
export type NewTravelTime = typeof travelTime.$inferInsert;

/** The kept legs of `router` and `mode` that start and end among these latitudes. */
export function keptTravelTimes(
  db: Executor,
  router: string,
  mode: string,
  latitudes: readonly number[],
): Promise<TravelTimeRow[]> {
  return db
    .select()
    .from(travelTime)
    .where(
      and(
        eq(travelTime.router, router),
        eq(travelTime.mode, mode),
        inArray(travelTime.fromLat, [...latitudes]),
        inArray(travelTime.toLat, [...latitudes]),
      ),
    );
}

/** Keeps a router's answers; one kept meanwhile by another request stays. */
export async function keepTravelTimes(db: Executor, rows: readonly NewTravelTime[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(travelTime)
    .values([...rows])
    .onConflictDoNothing();
}
