import { MAX_API_TOKENS, type CreateApiToken } from '@jammy/shared/api-tokens';
import { newApiTokenSecret } from '../../auth/api-tokens';
import type { Db } from '../../db/client';
import { AppError, invalidField } from '../../lib/errors';
import {
  countWorkingTokens,
  insertToken,
  listTokens,
  memberTrips,
  revokeToken,
  type ApiTokenRow,
} from './tokens.repository';

const DAY_MS = 86_400_000;

/** The traveller's tokens and the titles of the trips they reach. */
export async function myTokens(
  db: Db,
  userId: string,
): Promise<{ rows: ApiTokenRow[]; titles: Map<string, string> }> {
  const rows = await listTokens(db, userId);
  const ids = [...new Set(rows.flatMap((row) => row.itineraryIds ?? []))];
  return { rows, titles: await memberTrips(db, userId, ids) };
}

/**
 * A new token of the traveller: its trips must be trips they are a member of (400 naming
 * `trips` otherwise), and they may hold `MAX_API_TOKENS` working ones (409). The secret is
 * answered once and only its SHA-256 is kept.
 */
export async function createToken(
  db: Db,
  userId: string,
  body: CreateApiToken,
): Promise<{ row: ApiTokenRow; titles: Map<string, string>; secret: string }> {
  const trips = body.trips ? [...new Set(body.trips)] : null;
  const titles = await memberTrips(db, userId, trips ?? []);
  const missing = trips?.find((id) => !titles.has(id));
  if (missing !== undefined) {
    throw invalidField('trips', `${missing} is not a trip of yours`);
  }
  if ((await countWorkingTokens(db, userId)) >= MAX_API_TOKENS) {
    throw new AppError(
      'api-token/too-many',
      `You hold ${MAX_API_TOKENS} working tokens already: revoke one first`,
    );
  }
  const { secret, hash } = newApiTokenSecret();
  const row = await insertToken(db, {
    userId,
    name: body.name,
    secretHash: hash,
    access: body.access,
    itineraryIds: trips,
    expiresAt: new Date(Date.now() + body.expiresInDays * DAY_MS),
  });
  return { row, titles, secret };
}

/**
 * Revokes the traveller's token: the next request with it is refused on every process.
 * Answers its name when this call revoked it (null when it was revoked already).
 */
export async function revokeMyToken(db: Db, userId: string, id: string): Promise<string | null> {
  const revoked = await revokeToken(db, userId, id);
  if (revoked === undefined) {
    throw new AppError('api-token/not-found', 'There is no such token');
  }
  return revoked;
}
