import type { AddressInfo } from 'node:net';
import type { CreatedApiToken, TokenScope } from '@jammy/shared/api-tokens';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { expectStatus } from '../../test/expect';
import { createItinerary } from '../../test/factories';
import { tokenScopeOf } from '../auth/token-scopes';
import { apiToken } from '../db/schema/api-tokens';
import { openEventStream } from '../modules/sharing/sse-client.test-helpers';
import { matrixTest, routeOf, tripOf, type Params, type Row, type World } from './matrix';

/**
 * The matrix's rows called with personal API tokens of the trip's owner (docs/decisions/044).
 * A token acts as its traveller within its scope, so each row's answer is derived from the
 * owner's and the operation's `x-token-scope`:
 * - `read`: a read token (every trip): the owner's answer for a read, 403 for a write or `none`;
 * - `read-write`: a read-write token (every trip): the owner's answer, 403 for `none`;
 * - `other trip`: a read-write token of another trip only: 404 on the row's trip (403 on its
 *   files, as the storage protocol answers), 403 for a write outside any trip;
 * - `revoked`, `expired`: 401, everywhere (the live events and the storage protocol too).
 * Rows whose request is not JSON (an upload, an import file) are made by the row itself with
 * a cookie; they stay in the cookie matrix.
 */
export const TOKEN_CALLERS = ['read', 'read-write', 'other trip', 'revoked', 'expired'] as const;
type TokenCaller = (typeof TOKEN_CALLERS)[number];

/** What `caller` should get for a row whose owner gets `owner`. */
export function expectedForToken(row: Row, caller: TokenCaller, owner: number): number {
  if (caller === 'revoked' || caller === 'expired') return 401;
  const scope: TokenScope = tokenScopeOf(row.method, routeOf(row).split(' ')[1] ?? '');
  if (scope === 'none') return 403;
  if (caller === 'read') return scope === 'write' ? 403 : owner;
  if (caller === 'read-write') return owner;
  const path = row.path.replace(/\?.*$/, '');
  if (path.startsWith('/api/itineraries/:id')) return 404;
  if (path.startsWith('/v0/')) return 403;
  return scope === 'write' ? 403 : owner;
}

/** The owner's tokens of each kind (made once per matrix file). */
export async function makeTokens(world: World): Promise<Record<TokenCaller, string>> {
  const { api, users, server } = world;
  const other = await createItinerary(server.client(users.owner), { title: 'Not reached' });
  const make = async (access: 'read' | 'read-write', trips: string[] | null) => {
    const response = await api(users.owner, 'POST', '/api/me/tokens', {
      payload: { name: `Matrix ${access}`, expiresInDays: 7, access, trips },
    });
    return expectStatus<CreatedApiToken>(response, 201);
  };
  const [read, readWrite, otherTrip, revoked, expired] = await Promise.all([
    make('read', null),
    make('read-write', null),
    make('read-write', [other.id]),
    make('read-write', null),
    make('read-write', null),
  ]);
  await api(users.owner, 'DELETE', `/api/me/tokens/${revoked.id}`);
  await server.database.db
    .update(apiToken)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(apiToken.id, expired.id));
  return {
    read: read.secret,
    'read-write': readWrite.secret,
    'other trip': otherTrip.secret,
    revoked: revoked.secret,
    expired: expired.secret,
  };
}

/** The row called once by the owner's session and once with each token, on fresh trips. */
async function answers(world: World, row: Row, secrets: Record<TokenCaller, string>) {
  const call = async (secret: string | null): Promise<number> => {
    const id = await tripOf(world);
    const params: Params = { id, bucket: 'jammy', ...(await row.prepare?.(world, id, 'owner')) };
    const url = row.path.replace(/:(\w+)/g, (_, name: string) => params[name] ?? `:${name}`);
    const account = secret === null ? world.users.owner : null;
    const headers: Record<string, string> =
      secret === null ? {} : { authorization: `Bearer ${secret}` };
    if (row.path.endsWith('/events')) {
      const { port } = world.server.app.server.address() as AddressInfo;
      const stream = await openEventStream(`http://127.0.0.1:${port}${url}`, {
        ...headers,
        ...(account ? { cookie: account.cookie } : {}),
      });
      stream.close();
      return stream.status;
    }
    const payload = row.payload?.(params, 'owner', world);
    const response = await world.api(account, row.method, url, {
      headers,
      ...(payload ? { payload } : {}),
    });
    return response.statusCode;
  };
  const owner = await call(null);
  const actual: Record<string, number> = {};
  const expected: Record<string, number> = {};
  for (const caller of TOKEN_CALLERS) {
    actual[caller] = await call(secrets[caller]);
    expected[caller] = expectedForToken(row, caller, owner);
  }
  return { actual, expected };
}

/** One test per row of `rows`: each token's status as derived from the owner's. */
export function describeTokenMatrix(topic: string, rows: readonly Row[]): void {
  describe(`authorisation matrix with API tokens: ${topic}`, () => {
    for (const row of rows) {
      if (row.send || row.consumesCaller) continue;
      matrixTest(`${row.method} ${row.path}`, async ({ world }) => {
        const secrets = await world.once('api tokens', () => makeTokens(world));
        const { actual, expected } = await answers(world, row, secrets);
        expect(actual).toEqual(expected);
      });
    }
  });
}
