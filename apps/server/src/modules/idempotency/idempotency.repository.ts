import { IDEMPOTENCY_KEY_TTL_MS } from '@jammy/shared/constants';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idempotencyKey } from '../../db/schema/idempotency';
import { CLAIM_LEASE_MS, type RequestFingerprint } from './idempotency-rules';

export interface KeyRef {
  userId: string;
  key: string;
}

/** Claims `key` for this request; false when it is already stored (answered or under way). */
export async function claimKey(
  db: Db,
  ref: KeyRef,
  fingerprint: RequestFingerprint,
): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKey)
    .values({ ...ref, ...fingerprint })
    .onConflictDoNothing()
    .returning({ key: idempotencyKey.key });
  return rows.length === 1;
}

/**
 * Takes over a claim whose request never answered and whose lease has run out (by the
 * database's clock, which every process shares): true when this request now holds it. Of two
 * requests taking it over at once, one does.
 */
export async function takeOverKey(
  db: Db,
  ref: KeyRef,
  fingerprint: RequestFingerprint,
): Promise<boolean> {
  const rows = await db
    .update(idempotencyKey)
    .set({ createdAt: sql`now()` })
    .where(
      and(
        eq(idempotencyKey.userId, ref.userId),
        eq(idempotencyKey.key, ref.key),
        eq(idempotencyKey.method, fingerprint.method),
        eq(idempotencyKey.path, fingerprint.path),
        eq(idempotencyKey.bodyHash, fingerprint.bodyHash),
        isNull(idempotencyKey.status),
        lt(idempotencyKey.createdAt, sql`now() - make_interval(secs => ${CLAIM_LEASE_MS / 1000})`),
      ),
    )
    .returning({ key: idempotencyKey.key });
  return rows.length === 1;
}

export async function findKey(db: Db, ref: KeyRef) {
  const [row] = await db
    .select()
    .from(idempotencyKey)
    .where(and(eq(idempotencyKey.userId, ref.userId), eq(idempotencyKey.key, ref.key)));
  return row ?? null;
}

/** Stores the answer given to the request that claimed `ref`. */
export async function completeKey(
  db: Db,
  ref: KeyRef,
  answer: { status: number; contentType: string | null; body: string | null },
): Promise<void> {
  await db
    .update(idempotencyKey)
    .set({ status: answer.status, contentType: answer.contentType, responseBody: answer.body })
    .where(and(eq(idempotencyKey.userId, ref.userId), eq(idempotencyKey.key, ref.key)));
}

/** Forgets `ref` (the request failed on our side, or its key expired): it may be sent again. */
export async function releaseKey(db: Db, ref: KeyRef): Promise<void> {
  await db
    .delete(idempotencyKey)
    .where(and(eq(idempotencyKey.userId, ref.userId), eq(idempotencyKey.key, ref.key)));
}

/** Deletes the keys older than the time they are honoured; answers how many went. */
export async function purgeExpiredKeys(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS);
  const rows = await db
    .delete(idempotencyKey)
    .where(lt(idempotencyKey.createdAt, cutoff))
    .returning({ key: idempotencyKey.key });
  return rows.length;
}
