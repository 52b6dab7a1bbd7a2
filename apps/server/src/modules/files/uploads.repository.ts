import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { blobGarbage, uploadSession } from '../../db/schema/files';

export type UploadSessionRow = typeof uploadSession.$inferSelect;

/** Serialises the starts of one traveller's resumable uploads (until the transaction ends). */
export async function lockUploads(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`uploads:${userId}`}, 0))`);
}

/** A new resumable upload, open for `idleMs` from now (the database's clock). */
export async function createUploadSession(
  db: Executor,
  values: Omit<typeof uploadSession.$inferInsert, 'expiresAt' | 'createdAt'>,
  idleMs: number,
): Promise<UploadSessionRow> {
  const [row] = await db
    .insert(uploadSession)
    .values({ ...values, expiresAt: sql`now() + ${idleMs} * interval '1 millisecond'` })
    .returning();
  if (!row) throw new Error('The upload was not started');
  return row;
}

/** How many resumable uploads the traveller has open, and in how many seconds one expires. */
export async function openUploads(
  db: Executor,
  userId: string,
): Promise<{ count: number; soonestExpirySeconds: number }> {
  const result = await db.execute<{ count: number; soonest: number | null }>(sql`
    select count(*)::int as count,
      ceil(extract(epoch from min(expires_at) - now()))::int as soonest
    from upload_session
    where user_id = ${userId} and object_id is null and expires_at > now()
  `);
  const row = result.rows[0];
  return { count: row?.count ?? 0, soonestExpirySeconds: row?.soonest ?? 0 };
}

export async function findUploadSession(
  db: Executor,
  id: string,
): Promise<UploadSessionRow | undefined> {
  const [row] = await db
    .select()
    .from(uploadSession)
    .where(and(eq(uploadSession.id, id), gt(uploadSession.expiresAt, sql`now()`)));
  return row;
}

/**
 * Records a chunk stored at `offset`, and keeps the upload open for `idleMs` more (never
 * past `maxMs` after its start); undefined when another chunk got there first, or it expired.
 */
export async function recordChunk(
  db: Executor,
  id: string,
  offset: number,
  size: number,
  lifetime: { idleMs: number; maxMs: number },
): Promise<UploadSessionRow | undefined> {
  const [row] = await db
    .update(uploadSession)
    .set({
      received: sql`${uploadSession.received} + ${size}`,
      chunkOffsets: sql`array_append(${uploadSession.chunkOffsets}, ${offset}::bigint)`,
      expiresAt: sql`least(now() + ${lifetime.idleMs} * interval '1 millisecond',
        ${uploadSession.createdAt} + ${lifetime.maxMs} * interval '1 millisecond')`,
    })
    .where(
      and(
        eq(uploadSession.id, id),
        eq(uploadSession.received, offset),
        sql`${uploadSession.objectId} is null`,
        gt(uploadSession.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}

/** Marks an upload finished with its object; its chunks go to the garbage. */
export async function finishUploadSession(db: Executor, id: string, objectId: string) {
  await db.execute(sql`
    with chunks as (
      insert into blob_garbage (key)
      select 'uploads/' || id || '/' || lpad(chunk::text, 15, '0')
      from upload_session, unnest(chunk_offsets) as chunk where id = ${id}
      on conflict do nothing
    )
    update upload_session set object_id = ${objectId}, chunk_offsets = '{}' where id = ${id}
  `);
}

export async function deleteUploadSession(db: Executor, id: string): Promise<void> {
  await db.delete(uploadSession).where(eq(uploadSession.id, id));
}

/** Upload sessions past their expiry go (their chunks to the garbage, by trigger). */
export async function expireUploadSessions(db: Executor): Promise<number> {
  const rows = await db
    .delete(uploadSession)
    .where(lt(uploadSession.expiresAt, sql`now()`))
    .returning({ id: uploadSession.id });
  return rows.length;
}

// --- garbage ---

/**
 * Takes up to `limit` keys to delete, for `leaseMs`: another sweep (in this process or
 * another) skips them meanwhile, and takes them again only if they are still there after it
 * (the sweep that took them died before forgetting them).
 */
export async function takeGarbage(db: Executor, limit: number, leaseMs: number): Promise<string[]> {
  const result = await db.execute<{ key: string }>(sql`
    update blob_garbage set queued_at = now() + ${leaseMs} * interval '1 millisecond'
    where key in (
      select key from blob_garbage where queued_at <= now()
      order by queued_at limit ${limit}
      for update skip locked
    )
    returning key
  `);
  return result.rows.map((row) => row.key);
}

export async function forgetGarbage(db: Executor, keys: string[]): Promise<void> {
  if (keys.length > 0) await db.delete(blobGarbage).where(inArray(blobGarbage.key, keys));
}
