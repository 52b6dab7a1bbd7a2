import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { session } from '../../db/schema/auth';

/**
 * Whether the sign-in session a storage token was issued in is still open (a prepared
 * statement, made once: every call of the protocol with a token asks it).
 */
export function openSessionCheck(db: Db): (sessionId: string, userId: string) => Promise<boolean> {
  const query = db
    .select({ id: session.id })
    .from(session)
    .where(
      and(
        eq(session.id, sql.placeholder('sid')),
        eq(session.userId, sql.placeholder('uid')),
        gt(session.expiresAt, sql`now()`),
      ),
    )
    .prepare('jammy_storage_token_session');
  return async (sessionId, userId) => {
    const [alive] = await query.execute({ sid: sessionId, uid: userId });
    return alive !== undefined;
  };
}
