import { randomBytes } from 'node:crypto';
import { API_TOKEN_BYTES, API_TOKEN_PREFIX, type ApiTokenAccess } from '@jammy/shared/api-tokens';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { apiToken } from '../db/schema/api-tokens';
import { user } from '../db/schema/auth';
import type { Notifications } from '../events/notifications';
import { hashToken } from '../lib/tokens';

/** What a personal API token lets its holder do (docs/decisions/044). */
export interface TokenGrant {
  id: string;
  name: string;
  access: ApiTokenAccess;
  /** The trips it reaches; null: every trip of its traveller. */
  trips: ReadonlySet<string> | null;
  /** Ms since 1970: refused from then on, cache or not. */
  expiresAt: number;
}

/** The traveller a token acts for, and the token. */
export interface TokenHolder {
  user: { id: string; email: string; name: string };
  grant: TokenGrant;
}

/** A fresh secret (the prefix, then 256 random bits in base64url) and the hash that is stored. */
export function newApiTokenSecret(): { secret: string; hash: string } {
  const secret = API_TOKEN_PREFIX + randomBytes(API_TOKEN_BYTES).toString('base64url');
  return { secret, hash: hashToken(secret) };
}

/**
 * The secret of `Authorization: Bearer jmy_…`, or undefined when the request carries none (a
 * storage token sent as `Bearer` is not one: it has no prefix).
 */
export function bearerSecret(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  const secret = match?.[1];
  return secret?.startsWith(API_TOKEN_PREFIX) ? secret : undefined;
}

/** Payload prefix of a token's revocation on the sessions channel (migration 0026). */
const REVOKED_PREFIX = 't:';
/** How long a checked token is trusted without asking the database (changes drop it sooner). */
const TOKEN_CACHE_MS = 60_000;
/** Tokens kept in memory at most (the oldest go first). */
const TOKEN_CACHE_ENTRIES = 10_000;
/** A token's last use is written at most this often (per process). */
export const LAST_USE_EVERY_MS = 60_000;

export interface ApiTokenCheck {
  /** The holder of a secret, from memory when checked lately; null when it opens nothing. */
  find(secret: string): Promise<TokenHolder | null>;
  /** `find`'s answer from memory, without a promise; undefined when it must look. */
  known(secret: string): TokenHolder | undefined;
  /**
   * Calls `listener` once when the token may have stopped working: revoked or deleted (on any
   * process), its traveller changed, its expiry reached, or changes no longer heard. An open
   * stream ends on it, and its client is checked again when it reconnects.
   */
  onEnd(grant: TokenGrant, userId: string, listener: () => void): () => void;
  /** Forgets every token kept (this process's own revocations, before they answer). */
  forgetCached(): void;
}

interface Kept {
  holder: TokenHolder;
  storedAt: number;
}

/**
 * Tokens checked against the `api_token` table in one query joining the traveller, then kept
 * for a minute like sessions (auth/session.ts): a revocation or deletion NOTIFYs every process
 * at commit (`t:<id>`), a change of the traveller `u:<id>`, and while the LISTEN connection
 * is down nothing is kept, so a revoked token is refused on the next request in any process.
 */
export function createApiTokenCheck(db: Db, notifications?: Notifications): ApiTokenCheck {
  const cache = new Map<string, Kept>();
  const listeners = new Map<string, Set<() => void>>();
  const lastWritten = new Map<string, number>();
  let epoch = 0;

  const end = (key: string) => {
    const waiting = listeners.get(key);
    if (!waiting) return;
    listeners.delete(key);
    for (const listener of waiting) listener();
  };
  const forget = (matches: (holder: TokenHolder) => boolean) => {
    for (const [hash, kept] of cache) if (matches(kept.holder)) cache.delete(hash);
  };
  const clear = () => {
    epoch += 1;
    cache.clear();
  };
  notifications?.on('jammy_sessions', (payload) => {
    const id = payload.slice(2);
    if (payload.startsWith(REVOKED_PREFIX)) {
      epoch += 1;
      forget((holder) => holder.grant.id === id);
      end(`t:${id}`);
    } else if (payload.startsWith('u:')) {
      epoch += 1;
      forget((holder) => holder.user.id === id);
      end(`u:${id}`);
    }
  });
  notifications?.onState(() => {
    clear();
    for (const key of [...listeners.keys()]) end(key);
  });

  const lookup = db
    .select({
      id: apiToken.id,
      name: apiToken.name,
      access: apiToken.access,
      trips: apiToken.itineraryIds,
      expiresAt: apiToken.expiresAt,
      userId: user.id,
      email: user.email,
      userName: user.name,
    })
    .from(apiToken)
    .innerJoin(user, eq(user.id, apiToken.userId))
    .where(
      and(
        eq(apiToken.secretHash, sql.placeholder('hash')),
        isNull(apiToken.revokedAt),
        gt(apiToken.expiresAt, sql`now()`),
      ),
    )
    .prepare('jammy_api_token_lookup');

  /** Writes the token's last use unless this process wrote it within the last minute. */
  function used(holder: TokenHolder, now: number) {
    const last = lastWritten.get(holder.grant.id);
    if (last !== undefined && now - last < LAST_USE_EVERY_MS) return;
    lastWritten.set(holder.grant.id, now);
    if (lastWritten.size > TOKEN_CACHE_ENTRIES) {
      const oldest = lastWritten.keys().next().value;
      if (oldest !== undefined) lastWritten.delete(oldest);
    }
    // A write that fails is tried again by the token's next use a minute later; the request
    // itself does not wait for it.
    void db
      .update(apiToken)
      .set({ lastUsedAt: new Date(now) })
      .where(eq(apiToken.id, holder.grant.id))
      .catch(() => lastWritten.delete(holder.grant.id));
  }

  function fresh(hash: string, now: number): TokenHolder | undefined {
    const kept = cache.get(hash);
    if (!kept) return undefined;
    if (kept.storedAt + TOKEN_CACHE_MS > now && kept.holder.grant.expiresAt > now) {
      return kept.holder;
    }
    cache.delete(hash);
    return undefined;
  }

  return {
    known(secret) {
      const now = Date.now();
      const holder = fresh(hashToken(secret), now);
      if (holder) used(holder, now);
      return holder;
    },
    async find(secret) {
      const now = Date.now();
      const hash = hashToken(secret);
      const kept = fresh(hash, now);
      if (kept) {
        used(kept, now);
        return kept;
      }
      const startedAt = epoch;
      const [row] = await lookup.execute({ hash });
      if (!row) return null;
      const holder: TokenHolder = {
        user: { id: row.userId, email: row.email, name: row.userName },
        grant: {
          id: row.id,
          name: row.name,
          access: row.access,
          trips: row.trips ? new Set(row.trips) : null,
          expiresAt: row.expiresAt.getTime(),
        },
      };
      if (notifications?.listening() && epoch === startedAt) {
        if (cache.size >= TOKEN_CACHE_ENTRIES) {
          const oldest = cache.keys().next().value;
          if (oldest !== undefined) cache.delete(oldest);
        }
        cache.set(hash, { holder, storedAt: now });
      }
      used(holder, now);
      return holder;
    },
    onEnd(grant, userId, listener) {
      let done = false;
      const once = () => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        for (const key of keys) listeners.get(key)?.delete(once);
        listener();
      };
      const keys = [`t:${grant.id}`, `u:${userId}`];
      for (const key of keys) {
        let set = listeners.get(key);
        if (!set) listeners.set(key, (set = new Set()));
        set.add(once);
      }
      // setTimeout holds at most 2^31 - 1 ms (24.8 days): a later expiry is checked again
      // by the stream's reconnect, which the listener's end causes.
      const timer = setTimeout(once, Math.min(grant.expiresAt - Date.now(), 2 ** 31 - 1));
      timer.unref();
      return () => {
        done = true;
        clearTimeout(timer);
        for (const key of keys) {
          const set = listeners.get(key);
          set?.delete(once);
          if (set?.size === 0) listeners.delete(key);
        }
      };
    },
    forgetCached: clear,
  };
}
