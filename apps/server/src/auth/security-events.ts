import {
  SECURITY_EVENT_PAGE_SIZE,
  SECURITY_EVENT_RETENTION_DAYS,
  type SecurityEventKind,
} from '@jammy/shared/security-events';
import { storableHeader } from '@jammy/shared/text';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Db } from '../db/client';
import { user } from '../db/schema/auth';
import { securityEvent } from '../db/schema/security-events';
import { passkeyByCredential } from './passkey-store';

// The account's security activity (docs/decisions/048). better-auth's calls are recorded in
// one place, its `hooks.after`, by endpoint path (`authSecurityEvent`): a sign-in by any method,
// a plugin's second factor switched on or off, a passkey added. Our own routes (a passkey
// removed, an API token created or revoked) record theirs with `recordSecurityEvent`.

export type SecurityEventRow = typeof securityEvent.$inferSelect;

export interface SecurityEventInput {
  userId: string;
  kind: SecurityEventKind;
  method?: string | null;
  success?: boolean;
  detail?: string | null;
  ip: string | null;
  userAgent: string | null | undefined;
}

export async function recordSecurityEvent(db: Db, event: SecurityEventInput): Promise<void> {
  await db.insert(securityEvent).values({
    id: uuidv7(),
    userId: event.userId,
    kind: event.kind,
    method: event.method ?? null,
    success: event.success ?? true,
    detail: event.detail ?? null,
    ip: event.ip,
    // The device's User-Agent is shown on the account page: the text rule applies.
    userAgent: storableHeader(event.userAgent ?? null),
  });
}

/** A page of the traveller's events, newest first, older than `cursor` (an event's id). */
export async function listSecurityEvents(
  db: Db,
  userId: string,
  cursor: string | null,
): Promise<{ rows: SecurityEventRow[]; nextCursor: string | null }> {
  const rows = await db
    .select()
    .from(securityEvent)
    .where(
      and(
        eq(securityEvent.userId, userId),
        cursor === null ? undefined : lt(securityEvent.id, cursor),
      ),
    )
    .orderBy(desc(securityEvent.id))
    .limit(SECURITY_EVENT_PAGE_SIZE + 1);
  const page = rows.slice(0, SECURITY_EVENT_PAGE_SIZE);
  return {
    rows: page,
    nextCursor: rows.length > SECURITY_EVENT_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null,
  };
}

/** Deletes the events older than the retention period; answers how many went. */
export async function purgeOldSecurityEvents(db: Db): Promise<number> {
  const rows = await db
    .delete(securityEvent)
    .where(
      lt(
        securityEvent.createdAt,
        sql`now() - make_interval(days => ${SECURITY_EVENT_RETENTION_DAYS})`,
      ),
    )
    .returning({ id: securityEvent.id });
  return rows.length;
}

/** The way in of a sign-in, by better-auth's path; null when the path is no sign-in. */
export function signInMethod(path: string): string | null {
  if (path === '/sign-in/email') return 'password';
  if (path === '/magic-link/verify' || path === '/verify-email') return 'email-link';
  if (path === '/phone-number/verify' || path === '/sign-in/phone-number') return 'phone';
  if (path === '/passkey/sign-in') return 'passkey';
  // A second factor's check ends a sign-in that a first factor began.
  if (path.startsWith('/two-factor/verify')) return 'two-factor';
  const provider = /^\/(?:oauth2\/)?callback\/([\w-]+)$/.exec(path)?.[1];
  return provider ?? null;
}

/** What better-auth's `hooks.after` knows of a call, for `authSecurityEvent`. */
export interface AuthCall {
  path: string;
  /** The session the call was made in (switching a second factor on or off). */
  userId: string | null;
  /** The session the call made: a sign-in. */
  newSessionUserId: string | null;
  /** The call was refused (4xx or 5xx; a redirect is no refusal). */
  refused: boolean;
  body: unknown;
  ip: string | null;
  userAgent: string | null;
}

const CHANGES: Record<string, SecurityEventKind> = {
  '/two-factor/enable': 'two-factor-enabled',
  '/two-factor/disable': 'two-factor-disabled',
  '/passkey/register': 'passkey-added',
};

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null && name in body
    ? (body as Record<string, unknown>)[name]
    : undefined;
}

/** Whose account a refused sign-in aimed at, when the request names it. */
async function targetOfRefusedSignIn(db: Db, call: AuthCall): Promise<string | null> {
  if (call.path === '/sign-in/email') {
    const email = field(call.body, 'email');
    if (typeof email !== 'string') return null;
    const [row] = await db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, email.trim().toLowerCase()));
    return row?.id ?? null;
  }
  if (call.path === '/passkey/sign-in') {
    const credentialId = field(field(call.body, 'response'), 'id');
    if (typeof credentialId !== 'string') return null;
    return (await passkeyByCredential(db, credentialId))?.userId ?? null;
  }
  return null;
}

/**
 * The event a better-auth call makes, if any: the paths of CHANGES, when they succeed, for the
 * signed-in traveller; a new session is a sign-in by the path's method; a refused password or
 * passkey sign-in is recorded for the account it named.
 */
export async function authSecurityEvent(
  db: Db,
  call: AuthCall,
): Promise<SecurityEventInput | null> {
  const where = { ip: call.ip, userAgent: call.userAgent };
  const change = CHANGES[call.path];
  const signedIn = call.userId ?? call.newSessionUserId;
  if (change) {
    if (call.refused || !signedIn) return null;
    const name = field(call.body, 'name');
    return {
      userId: signedIn,
      kind: change,
      detail: typeof name === 'string' ? name.trim() : null,
      ...where,
    };
  }
  const method = signInMethod(call.path);
  if (call.newSessionUserId && !call.refused) {
    return { userId: call.newSessionUserId, kind: 'sign-in', method, ...where };
  }
  if (!call.refused || !method) return null;
  const target = await targetOfRefusedSignIn(db, call);
  return target ? { userId: target, kind: 'sign-in', method, success: false, ...where } : null;
}
