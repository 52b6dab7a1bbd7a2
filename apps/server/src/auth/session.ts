import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { session, user } from '../db/schema/auth';
import { AppError } from '../lib/errors';
import type { Notifications } from '../events/notifications';
import type { Auth } from './auth';
import {
  bearerSecret,
  createApiTokenCheck,
  type ApiTokenCheck,
  type TokenGrant,
} from './api-tokens';

export interface SessionUser {
  id: string;
  email: string;
  role: string;
  /** As others see the traveller (a live stream's presence names them by it). */
  name: string;
}

export interface CurrentSession {
  user: SessionUser;
  /** The session's id; for a personal API token, the token's. */
  sessionId: string;
  /** Present when the caller is a personal API token (`Authorization: Bearer jmy_…`). */
  token?: TokenGrant;
  /** When the traveller last proved who they are on this session (sign-in or step-up); ms. */
  authenticatedAt?: number;
}

/** Who is asking: reads the session cookie better-auth set, in one query. */
export interface Sessions {
  find(request: FastifyRequest): Promise<CurrentSession | null>;
  /**
   * The caller's session when this process checked it lately and nothing has dropped it:
   * what `find` answers from memory, without a promise. Undefined when `find` must look.
   */
  known(request: FastifyRequest): CurrentSession | undefined;
  /** Forgets every session kept in memory (this process's own revocations, before they answer). */
  forgetCached(): void;
  /** Whose session `find` found for this request, if it was asked (for the request's log line). */
  userIdOf(request: FastifyRequest): string | undefined;
  /**
   * Calls `handler` with the id of a traveller whose account changed (on any process, at
   * commit), or with null when everything kept must go (a revocation answered here, the
   * LISTEN connection lost or back): what caches of an account's answers drop theirs by.
   */
  onUserChange(handler: (userId: string | null) => void): void;
  /** Whether what is read now may be kept (changes are heard). */
  caching(): boolean;
  /** The personal API tokens' check (an open stream of a token ends with it). */
  tokens: ApiTokenCheck;
}

/** Account routes that only create sessions or send codes: they never end one. */
const STARTS_SESSIONS =
  /\/(sign-in|sign-up|send|request|forget-password|verify-email|magic-link\/verify)/;

/**
 * A sign-out, revocation, password change or account deletion answered by this process drops
 * the sessions it keeps before it answers, so the next request on this process is refused even
 * before the NOTIFY of the change comes back (other processes drop them on that NOTIFY).
 */
export function forgetSessionsOnRevocations(app: FastifyInstance, sessions: Sessions): void {
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS') {
      // The account routes are one catch-all route: look at the path itself.
      const route = request.url.split('?')[0] ?? '';
      const account =
        (route.startsWith('/api/auth/') && !STARTS_SESSIONS.test(route)) ||
        route.startsWith('/api/me') ||
        route.startsWith('/api/admin/');
      if (account) sessions.forgetCached();
    }
    done(null, payload);
  });
}

/** The request's headers as web Headers, for better-auth's API. */
export function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

/** The token of a `token.signature` cookie value when the HMAC-SHA256 signature holds. */
export function verifySignedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
  return token;
}

/**
 * Where a request keeps whose session `find` or `known` found (for its log line): a property of
 * the request, not a WeakMap entry (about 0.4 µs a request, and work for the collector).
 */
const CALLER = Symbol('caller');

declare module 'fastify' {
  interface FastifyRequest {
    [CALLER]?: string;
  }
}

/** The channel the session and user triggers notify (migration 0009). */
export const SESSIONS_CHANNEL = 'jammy_sessions';
/** How long a checked session is trusted without asking the database again. */
const SESSION_CACHE_MS = 60_000;
/** Sessions kept in memory at most (the oldest go first). */
const SESSION_CACHE_ENTRIES = 10_000;

interface CachedSession {
  current: CurrentSession;
  /** The session's own expiry (ms since epoch): refused from then on, cache or not. */
  expiresAt: number;
  storedAt: number;
}

/**
 * Sessions checked the way better-auth checks them (signed cookie, unexpired row in the
 * session table) but with one query joining the user, instead of better-auth's endpoint
 * pipeline and its two lookups. Every API request asks this, so it is the hot path: a
 * checked session is then kept in memory for a minute, and every change to a session or its
 * user (sign-out, revocation, password change, account deletion, a new role) reaches every
 * process at once through NOTIFY (database triggers, migration 0009) and drops it. While the
 * LISTEN connection is down nothing is cached, so a revocation is never missed.
 * Sliding expiry stays with better-auth: the web client calls /api/auth/get-session on
 * focus and before expiry, which extends the session.
 */
export function createSessions(auth: Auth, db: Db, notifications?: Notifications): Sessions {
  const tokens = createApiTokenCheck(db, notifications);
  // Keyed by the session cookie's signed value ("token" below), checked before it is kept.
  const cache = new Map<string, CachedSession>();
  const tokensOfSession = new Map<string, string>();
  const tokensOfUser = new Map<string, Set<string>>();
  /**
   * Lookups under way, by cookie value: a burst of requests with one cookie (a reconnect
   * storm of one traveller's streams) asks the database once. Dropped at every invalidation.
   */
  const pending = new Map<string, Promise<CurrentSession | null>>();
  const userHandlers: ((userId: string | null) => void)[] = [];
  /** Bumped by every invalidation: a lookup that raced one is not cached. */
  let epoch = 0;

  const forget = (token: string) => {
    const entry = cache.get(token);
    if (!entry) return;
    cache.delete(token);
    tokensOfSession.delete(entry.current.sessionId);
    const tokens = tokensOfUser.get(entry.current.user.id);
    tokens?.delete(token);
    // A traveller with no session left in the cache leaves no entry behind.
    if (tokens?.size === 0) tokensOfUser.delete(entry.current.user.id);
  };
  const clear = () => {
    epoch += 1;
    cache.clear();
    tokensOfSession.clear();
    tokensOfUser.clear();
    pending.clear();
    for (const handler of userHandlers) handler(null);
  };
  notifications?.on(SESSIONS_CHANNEL, (payload) => {
    epoch += 1;
    pending.clear();
    const id = payload.slice(2);
    if (payload.startsWith('s:')) {
      const token = tokensOfSession.get(id);
      if (token) forget(token);
    } else if (payload.startsWith('u:')) {
      for (const token of [...(tokensOfUser.get(id) ?? [])]) forget(token);
      for (const handler of userHandlers) handler(id);
    }
  });
  notifications?.onState(clear);

  function remember(token: string, entry: CachedSession) {
    if (cache.size >= SESSION_CACHE_ENTRIES) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) forget(oldest);
    }
    cache.set(token, entry);
    tokensOfSession.set(entry.current.sessionId, token);
    let tokens = tokensOfUser.get(entry.current.user.id);
    if (!tokens) tokensOfUser.set(entry.current.user.id, (tokens = new Set()));
    tokens.add(token);
  }
  let cookie: Promise<{ name: string; secret: string }> | undefined;
  let settings: { name: string; secret: string } | undefined;
  const cookieSettings = () =>
    (cookie ??= auth.$context.then((context) => {
      settings = { name: context.authCookies.sessionToken.name, secret: context.secret };
      return settings;
    }));

  /**
   * The session kept for a cookie's signed value, while it may be trusted. Kept by that value,
   * verified before it was kept: the same value verifies the same way, so a kept session
   * costs no HMAC.
   */
  function fresh(raw: string, now: number): CachedSession | undefined {
    const cached = cache.get(raw);
    return cached && cached.storedAt + SESSION_CACHE_MS > now && cached.expiresAt > now
      ? cached
      : undefined;
  }

  const lookup = db
    .select({
      sessionId: session.id,
      expiresAt: session.expiresAt,
      authenticatedAt: session.authenticatedAt,
      id: user.id,
      email: user.email,
      role: user.role,
      name: user.name,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(and(eq(session.token, sql.placeholder('token')), gt(session.expiresAt, sql`now()`)))
    .prepare('jammy_session_lookup');

  /** A token's holder as the session of a traveller who is never an admin through it. */
  const tokenSession = (holder: { user: Omit<SessionUser, 'role'>; grant: TokenGrant }) => ({
    user: { ...holder.user, role: 'user' },
    sessionId: holder.grant.id,
    token: holder.grant,
  });

  return {
    known(request) {
      const secret = bearerSecret(request);
      if (secret !== undefined) {
        const holder = tokens.known(secret);
        if (holder) request[CALLER] = holder.user.id;
        return holder && tokenSession(holder);
      }
      const raw = settings && request.cookies[settings.name];
      const current = raw ? fresh(raw, Date.now())?.current : undefined;
      if (current) request[CALLER] = current.user.id;
      return current;
    },
    async find(request) {
      const bearer = bearerSecret(request);
      if (bearer !== undefined) {
        const holder = await tokens.find(bearer);
        if (holder) request[CALLER] = holder.user.id;
        return holder && tokenSession(holder);
      }
      const { name, secret } = settings ?? (await cookieSettings());
      const raw = request.cookies[name];
      if (!raw) return null;
      const now = Date.now();
      const cached = fresh(raw, now);
      if (cached) {
        request[CALLER] = cached.current.user.id;
        return cached.current;
      }
      forget(raw);
      let found = pending.get(raw);
      if (!found) {
        found = check(raw, secret, now).finally(() => {
          if (pending.get(raw) === found) pending.delete(raw);
        });
        pending.set(raw, found);
      }
      const current = await found;
      if (current) request[CALLER] = current.user.id;
      return current;
    },
    forgetCached() {
      clear();
      tokens.forgetCached();
    },
    userIdOf: (request) => request[CALLER],
    onUserChange(handler) {
      userHandlers.push(handler);
    },
    caching: () => notifications?.listening() ?? false,
    tokens,
  };

  /** A cookie's session from the database (its signature verified first), kept unless it raced. */
  async function check(raw: string, secret: string, now: number): Promise<CurrentSession | null> {
    const token = verifySignedToken(raw, secret);
    if (!token) return null;
    const startedAt = epoch;
    const [row] = await lookup.execute({ token });
    if (!row) return null;
    const current: CurrentSession = {
      user: { id: row.id, email: row.email, role: row.role ?? 'user', name: row.name },
      sessionId: row.sessionId,
      authenticatedAt: row.authenticatedAt.getTime(),
    };
    if (notifications?.listening() && epoch === startedAt) {
      remember(raw, { current, expiresAt: row.expiresAt.getTime(), storedAt: now });
    }
    return current;
  }
}

/** The signed-in caller; 401 otherwise. */
export async function requireSession(
  sessions: Sessions,
  request: FastifyRequest,
): Promise<CurrentSession> {
  const current = await sessions.find(request);
  if (!current) throw new AppError('auth/unauthenticated', 'Sign in to continue');
  return current;
}

/** The signed-in caller when they are an admin; 401 or 403 otherwise. */
export async function requireAdmin(
  sessions: Sessions,
  request: FastifyRequest,
): Promise<CurrentSession> {
  const current = await requireSession(sessions, request);
  if (current.user.role !== 'admin')
    throw new AppError('auth/forbidden', 'Only administrators may do this');
  return current;
}
