import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor as Db } from '../../db/client';
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
