import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appMeta } from '../../db/schema/app-meta';

const SESSION_SECRET_KEY = 'session_secret';
const BUILD_ID_KEY = 'build_id';

/**
 * The installation's session secret: generated once and stored in the database, so every
 * process sharing it signs sessions alike. Concurrent first starts agree on one value.
 */
export async function getOrCreateSessionSecret(db: Db): Promise<string> {
  await db
    .insert(appMeta)
    .values({ key: SESSION_SECRET_KEY, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, SESSION_SECRET_KEY));
  if (!row) throw new Error('The session secret could not be stored');
  return row.value;
}

/** Records the build this process serves (the last one to start wins). */
export async function recordBuildId(db: Db, buildId: string): Promise<void> {
  await db
    .insert(appMeta)
    .values({ key: BUILD_ID_KEY, value: buildId })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: buildId, updatedAt: sql`now()` } });
}
