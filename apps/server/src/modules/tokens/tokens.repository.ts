import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Db } from '../../db/client';
import { apiToken } from '../../db/schema/api-tokens';
import { itinerary, itineraryMember } from '../../db/schema/itineraries';

export type ApiTokenRow = typeof apiToken.$inferSelect;

/** The traveller's tokens, newest first. */
export function listTokens(db: Db, userId: string): Promise<ApiTokenRow[]> {
  return db
    .select()
    .from(apiToken)
    .where(eq(apiToken.userId, userId))
    .orderBy(desc(apiToken.createdAt));
}

/** How many of the traveller's tokens still work (neither revoked nor expired). */
export async function countWorkingTokens(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(apiToken)
    .where(
      and(
        eq(apiToken.userId, userId),
        isNull(apiToken.revokedAt),
        gt(apiToken.expiresAt, sql`now()`),
      ),
    );
  return row?.count ?? 0;
}

/** The titles of those of `ids` that are trips the traveller is a member of (not trashed). */
export async function memberTrips(
  db: Db,
  userId: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: itinerary.id, title: itinerary.title })
    .from(itinerary)
    .innerJoin(
      itineraryMember,
      and(eq(itineraryMember.itineraryId, itinerary.id), eq(itineraryMember.userId, userId)),
    )
    .where(and(inArray(itinerary.id, [...ids]), isNull(itinerary.deletedAt)));
  return new Map(rows.map((row) => [row.id, row.title]));
}

export async function insertToken(
  db: Db,
  values: Omit<typeof apiToken.$inferInsert, 'id'>,
): Promise<ApiTokenRow> {
  const [row] = await db
    .insert(apiToken)
    .values({ id: uuidv7(), ...values })
    .returning();
  if (!row) throw new Error('the token was not inserted');
  return row;
}

/**
 * Revokes the traveller's token (at once, on every process: migration 0026's trigger). Answers
 * its name when this call revoked it, null when it was revoked already, undefined when the
 * traveller holds no such token.
 */
export async function revokeToken(
  db: Db,
  userId: string,
  id: string,
): Promise<string | null | undefined> {
  const [revoked] = await db
    .update(apiToken)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiToken.id, id), eq(apiToken.userId, userId), isNull(apiToken.revokedAt)))
    .returning({ name: apiToken.name });
  if (revoked) return revoked.name;
  // Revoking a revoked token again is done already; only someone else's or none is a 404.
  const [existing] = await db
    .select({ id: apiToken.id })
    .from(apiToken)
    .where(and(eq(apiToken.id, id), eq(apiToken.userId, userId)));
  return existing === undefined ? undefined : null;
}
