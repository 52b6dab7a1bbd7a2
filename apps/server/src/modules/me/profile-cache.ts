import type { Session } from '@jammy/shared/session';
import type { FastifyRequest } from 'fastify';
import type { Sessions } from '../../auth/session';
import type { Db } from '../../db/client';
import { encodeDocument, type EncodedDocument } from '../../lib/http-cache';
import type { SecondFactorPolicy } from '../../auth/second-factor-policy';
import { presentMe } from './me.presenter';
import { findUser } from './me.repository';

/**
 * The answers of GET /api/session this process gave lately, per traveller (docs/decisions/041):
 * every page asks it, so a signed-in traveller's is kept as its JSON bytes and a warm check
 * asks the database nothing.
 *
 * Staleness: any change to a traveller's row (their profile, role, e-mail, or the account
 * deleted) notifies every process at commit (the user trigger, migrations 0009 and 0023), and
 * the session cache hands it on (`onUserChange`): their answer goes. A revocation or account
 * change answered here drops every answer before it is answered, and so does losing the
 * LISTEN connection; a read that raced a change of its traveller is not kept. Only a session
 * the session cache vouches for is answered from here.
 */
export interface ProfileCache {
  /** The caller's answer, when their session and their answer are both known here. */
  known(request: FastifyRequest): EncodedDocument | undefined;
  /** The caller's answer (a visitor's: `user: null`), from memory or the database. */
  answer(request: FastifyRequest): Promise<EncodedDocument>;
}

/** Answers kept at most (the least recently used go first), as many as sessions. */
const MAX_PROFILES = 10_000;
/** Changes remembered per traveller before they are folded into one. */
const MAX_REMEMBERED = 10_000;

const NOBODY = encodeDocument(JSON.stringify({ user: null } satisfies Session));

export function createProfileCache(deps: {
  db: Db;
  sessions: Sessions;
  secondFactor: SecondFactorPolicy;
}): ProfileCache {
  const { db, sessions, secondFactor } = deps;
  const profiles = new Map<string, EncodedDocument>();
  let epoch = 0;
  let floor = 0;
  const changedAt = new Map<string, number>();

  sessions.onUserChange((userId) => {
    epoch += 1;
    if (userId === null || changedAt.size >= MAX_REMEMBERED) {
      floor = epoch;
      changedAt.clear();
      profiles.clear();
      return;
    }
    changedAt.set(userId, epoch);
    profiles.delete(userId);
  });

  function keep(userId: string, document: EncodedDocument, started: number) {
    if (!sessions.caching() || floor > started || (changedAt.get(userId) ?? 0) > started) return;
    if (profiles.size >= MAX_PROFILES) {
      const oldest = profiles.keys().next().value;
      if (oldest !== undefined) profiles.delete(oldest);
    }
    profiles.set(userId, document);
  }

  return {
    known(request) {
      const current = sessions.known(request);
      const document = current && profiles.get(current.user.id);
      if (!current || !document) return undefined;
      // The most recently used last, so the bound drops who has not asked for longest.
      profiles.delete(current.user.id);
      profiles.set(current.user.id, document);
      return document;
    },
    async answer(request) {
      const started = epoch;
      const current = await sessions.find(request);
      if (!current) return NOBODY;
      const row = await findUser(db, current.user.id);
      if (!row) return NOBODY;
      const missing = await secondFactor.missing(current.user);
      const user = presentMe(row, missing);
      const document = encodeDocument(JSON.stringify({ user } satisfies Session));
      keep(row.id, document, started);
      return document;
    },
  };
}
