import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor as Db } from '../../db/client';
import { preset } from '../../db/schema/itineraries';
import { presetUnlock } from '../../db/schema/shop';

/**
 * The premium presets `userId` may copy now: unlocked by a paid order and not revoked by a
 * refund. `presetIds` narrows the question to those presets.
 */
export async function unlockedPresetIds(
  db: Db,
  userId: string,
  presetIds?: readonly string[],
): Promise<ReadonlySet<string>> {
  if (presetIds?.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ presetId: presetUnlock.presetId })
    .from(presetUnlock)
    .where(
      and(
        eq(presetUnlock.userId, userId),
        isNull(presetUnlock.revokedAt),
        presetIds ? inArray(presetUnlock.presetId, [...presetIds]) : undefined,
      ),
    );
  return new Set(rows.map((row) => row.presetId));
}

/**
 * Lets the buyer of a paid order copy its presets (in the payment's transaction `tx`). Each
 * unlock exists once per order and preset; a preset removed since the order was placed has
 * nothing left to unlock.
 */
export async function unlockPresets(
  tx: Db,
  order: { id: string; userId: string },
  presetIds: readonly string[],
  at: Date,
): Promise<void> {
  if (presetIds.length === 0) return;
  const existing = await tx
    .select({ id: preset.id })
    .from(preset)
    .where(inArray(preset.id, [...presetIds]));
  if (existing.length === 0) return;
  await tx
    .insert(presetUnlock)
    .values(
      existing.map((row) => ({
        orderId: order.id,
        presetId: row.id,
        userId: order.userId,
        createdAt: at,
      })),
    )
    .onConflictDoNothing();
}

/** A refunded order's unlocks end (no further copies); copies already made stay. */
export async function revokeUnlocks(tx: Db, orderId: string, at: Date): Promise<void> {
  await tx.update(presetUnlock).set({ revokedAt: at }).where(eq(presetUnlock.orderId, orderId));
}
