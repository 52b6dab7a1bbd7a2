import type { AddressInfo } from 'node:net';
import type { ShareLink } from '@jammy/shared/sharing';
import type { FastifyInstance, HTTPMethods, LightMyRequestResponse } from 'fastify';
import { describe, expect } from 'vitest';
import { call, type CallOptions, type SignedInUser } from '../../test/clients';
import { expectStatus } from '../../test/expect';
import { createItinerary } from '../../test/factories';
import { serverTest } from '../../test/fixture';
import { makeAdmin, type TestServer } from '../../test/server';
import { itineraryMember } from '../db/schema/itineraries';
import { openEventStream } from '../modules/sharing/sse-client.test-helpers';

/**
 * THE guard of every endpoint: each route of the app, called by each kind of caller, answers
 * exactly the status of its row. The rows are split by topic (`*.rows.ts`, one test file each);
 * coverage.integration.test.ts takes the routes from the app itself, so a new endpoint fails
 * until its row is written: nothing ships unchecked.
 *
 * Callers: nobody signed in; a stranger (signed in, not a member); a share-link holder (not
 * signed in, `?share=<token>` of the itinerary); a viewer, an editor and the owner of the
 * itinerary; an administrator of the installation (who is NOT a member: admins do not read
 * travellers' trips).
 */
export const CALLERS = [
  'anonymous',
  'stranger',
  'link holder',
  'viewer',
  'editor',
  'owner',
  'admin',
] as const;
export type Caller = (typeof CALLERS)[number];
export type Statuses = readonly [number, number, number, number, number, number, number];
export type Params = Record<string, string>;

/** The accounts of a matrix file: `target` is a member whose account others act upon. */
export type Account = Exclude<Caller, 'anonymous' | 'link holder'> | 'target';

/** What a row's preparations use: the file's server, its accounts and its own memory. */
export interface World {
  server: TestServer;
  users: Record<Account, SignedInUser>;
  /** An /api request as `user` (anonymous when null), from the app's origin. */
  api(
    user: SignedInUser | null,
    method: HTTPMethods,
    url: string,
    options?: CallOptions,
  ): Promise<LightMyRequestResponse>;
  /** A share link of itinerary `id`, with its token. */
  createLink(id: string): Promise<ShareLink & { token: string }>;
  /** `work` done once for this world (later calls get the first one's promise). */
  once<T>(key: string, work: () => Promise<T>): Promise<T>;
}

export interface Row {
  method: HTTPMethods;
  path: string;
  expect: Statuses;
  /** Params the route needs beyond the itinerary's `id`, made fresh for each call. */
  prepare?: (world: World, id: string, caller: Caller) => Promise<Params>;
  payload?: (params: Params, caller: Caller, world: World) => object;
  /** The call uses up the caller (deleting the account): a fresh account each time. */
  consumesCaller?: boolean;
  /** A request that is not JSON (an upload chunk): made here, answering its status. */
  send?: (world: World, url: string, account: SignedInUser | null) => Promise<number>;
  /** What each caller reads in a 200 answer ('-' for any other status), beyond its status. */
  sees?: { of: (body: string) => string; expect: readonly string[] };
}

// anonymous, stranger, link holder, viewer, editor, owner, admin
export const memberRead = (ok = 200): Statuses => [401, 404, 401, ok, ok, ok, 404];
export const linkRead: Statuses = [401, 404, 200, 200, 200, 200, 404];
export const memberWrite = (ok: number): Statuses => [401, 404, 401, 403, ok, ok, 404];
export const ownerOnly = (ok: number): Statuses => [401, 404, 401, 403, 403, ok, 404];
export const signedIn = (ok: number, link = 401): Statuses => [401, ok, link, ok, ok, ok, ok];
export const adminOnly = (ok: number, link = 401): Statuses => [401, 403, link, 403, 403, 403, ok];
export const everyone = (ok = 200, link = ok): Statuses => [ok, ok, link, ok, ok, ok, ok];

/** Every route is on: the assistants' MCP server too (MCP_ENABLED). */
export const MATRIX_ENV = { MCP_ENABLED: 'true' };

/**
 * The matrix's test: mail goes to the outbox (the admin's outbox rows read it), the app listens
 * (the event stream is read over HTTP), and the callers' accounts are made once per file.
 */
export const matrixTest = serverTest({ mail: 'outbox', env: MATRIX_ENV }).extend(
  'world',
  { scope: 'file' },
  async ({ server, owner, accounts }): Promise<World> => {
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    const [stranger, viewer, editor, admin, target] = await Promise.all([
      accounts('stranger'),
      accounts('viewer'),
      accounts('editor'),
      accounts('admin'),
      server.traveller({ label: 'target' }),
    ]);
    const done = new Map<string, Promise<unknown>>();
    const api: World['api'] = (user, method, url, options) =>
      call(server, user, method, url, options);
    return {
      server,
      users: {
        owner: owner.account,
        stranger: stranger.account,
        viewer: viewer.account,
        editor: editor.account,
        admin: admin.account,
        target: target.account,
      },
      api,
      async createLink(id) {
        const response = await api(owner, 'POST', `/api/itineraries/${id}/share-links`, {
          payload: {},
        });
        const created = expectStatus<ShareLink>(response, 201);
        return { ...created, token: new URL(created.url ?? '').searchParams.get('share') ?? '' };
      },
      once<T>(key: string, work: () => Promise<T>): Promise<T> {
        if (!done.has(key)) done.set(key, work());
        return done.get(key) as Promise<T>;
      },
    };
  },
);

/** A fresh itinerary of the owner with a viewer, an editor and the target member. */
export async function tripOf(world: World): Promise<string> {
  const { server, users } = world;
  const trip = await createItinerary(server.client(users.owner), { title: 'Matrix' });
  await server.database.db.insert(itineraryMember).values([
    { itineraryId: trip.id, userId: users.viewer.id, role: 'viewer' },
    { itineraryId: trip.id, userId: users.editor.id, role: 'editor' },
    { itineraryId: trip.id, userId: users.target.id, role: 'viewer' },
  ]);
  return trip.id;
}

async function callerAccount(world: World, row: Row, caller: Caller): Promise<SignedInUser | null> {
  if (caller === 'anonymous' || caller === 'link holder') return null;
  if (!row.consumesCaller) return world.users[caller];
  const fresh = (await world.server.traveller({ label: caller })).account;
  return caller === 'admin' ? makeAdmin(world.server, fresh) : fresh;
}

async function answerOf(
  world: World,
  row: Row,
  caller: Caller,
): Promise<{ status: number; body: string }> {
  const id = await tripOf(world);
  const params: Params = { id, bucket: 'jammy', ...(await row.prepare?.(world, id, caller)) };
  let url = row.path.replace(/:(\w+)/g, (_, name: string) => params[name] ?? `:${name}`);
  if (caller === 'link holder') {
    const { token } = await world.createLink(id);
    url += `${url.includes('?') ? '&' : '?'}share=${token}`;
  }
  const account = await callerAccount(world, row, caller);
  if (row.path.endsWith('/events')) {
    const { port } = world.server.app.server.address() as AddressInfo;
    const stream = await openEventStream(
      `http://127.0.0.1:${port}${url}`,
      account ? { cookie: account.cookie } : {},
    );
    stream.close();
    return { status: stream.status, body: '' };
  }
  if (row.send) return { status: await row.send(world, url, account), body: '' };
  const payload = row.payload?.(params, caller, world);
  const response = await world.api(account, row.method, url, payload ? { payload } : {});
  return { status: response.statusCode, body: response.body };
}

/** One test per row: every caller's status (and what a 200 shows) as the row says. */
export function describeMatrix(topic: string, rows: readonly Row[]): void {
  describe(`authorisation matrix: ${topic}`, () => {
    for (const row of rows) {
      matrixTest(`${row.method} ${row.path}`, async ({ world }) => {
        const actual: Record<string, number> = {};
        const seen: Record<string, string> = {};
        for (const caller of CALLERS) {
          const answer = await answerOf(world, row, caller);
          actual[caller] = answer.status;
          seen[caller] = answer.status === 200 && row.sees ? row.sees.of(answer.body) : '-';
        }
        const expected = Object.fromEntries(
          CALLERS.map((caller, index) => [caller, row.expect[index]]),
        );
        expect(actual).toEqual(expected);
        if (row.sees) {
          const sees = row.sees.expect;
          expect(seen).toEqual(Object.fromEntries(CALLERS.map((caller, i) => [caller, sees[i]])));
        }
      });
    }
  });
}

/** Every route of the app under /api and /v0, as `METHOD /path`, from Fastify's route tree. */
export function appRoutes(app: FastifyInstance): string[] {
  const printed = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of printed.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(match[2] ?? '');
    // The printed tree splits a wildcard from its slash: `/o` + `*` is `/o/*`.
    const path = stack.join('').replace(/([^/])\*$/, '$1/*');
    // better-auth's own routes are covered by its tests and the fuzz suite; the docs UI is
    // static. The probes live at the root, where orchestrators look for them, and so does the
    // assistants' MCP server.
    const served = /^\/(api|v0)\//.test(path) || /^\/(livez|readyz|mcp)$/.test(path);
    if (!match[3] || !served || /^\/api\/(auth|docs)\b/.test(path)) continue;
    if (path === '/api/openapi.json') continue;
    for (const method of match[3].split(', ')) {
      if (method !== 'HEAD') routes.push(`${method} ${path}`);
    }
  }
  return routes.sort();
}

/** The route a row calls, as appRoutes() names it. */
export const routeOf = (row: Row) =>
  `${row.method} ${row.path
    .replace(/\?.*$/, '')
    .replace(/:(presetId|productId|orderId)/, ':id')
    .replace(':object', '*')}`;
