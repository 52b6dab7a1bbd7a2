import type {
  Itinerary,
  ItineraryTree,
  Place,
  Role,
  Stage,
  TripList,
  ListItem,
  Note,
} from '@jammy/shared/itineraries';
import type { FieldIssue } from '@jammy/shared/errors';
import type { HTTPMethods, LightMyRequestResponse } from 'fastify';
import type pg from 'pg';
import { uuidv7 } from 'uuidv7';
import { expect, vi, type MockInstance } from 'vitest';
import { itineraryMember } from '../src/db/schema/itineraries';
import {
  CookieJar,
  SESSION_COOKIE,
  followLink,
  onlyLink,
  readMe,
  signUp,
  uniqueEmail,
  type ApiErrorBody,
} from './auth-helpers';
import { createTestDatabase, type TestDatabase } from './database';
import { readOutboxMails } from './identity-app';
import { buildTestApp, type TestApp } from './test-app';

/** One test file's itinerary set-up: its own database and the app (mail goes to the outbox). */
export interface ItineraryTest {
  database: TestDatabase;
  testApp: TestApp;
  close(): Promise<void>;
}

export async function startItineraryTest(): Promise<ItineraryTest> {
  const database = await createTestDatabase();
  try {
    const testApp = await buildTestApp({ databaseUrl: database.url });
    return {
      database,
      testApp,
      close: async () => {
        await testApp.close();
        await database.drop();
      },
    };
  } catch (error) {
    await database.drop();
    throw error;
  }
}

/** A verified traveller with a session. */
export interface SignedInUser {
  id: string;
  email: string;
  jar: CookieJar;
  /** The Cookie request header carrying the session. */
  cookie: string;
}

/**
 * Signs up through the API (from a client address of its own, so the sign-up rate limit
 * never bites), follows the verification link from the outbox mail (it signs in) and
 * returns the session.
 */
export async function createSignedInUser(
  testApp: TestApp,
  label = 'traveller',
): Promise<SignedInUser> {
  const { app, config } = testApp;
  const email = uniqueEmail(label);
  const response = await signUp(app, { email });
  if (response.statusCode !== 200) {
    throw new Error(`sign-up answered ${response.statusCode}: ${response.body}`);
  }
  const link = await waitForVerificationLink(config.dataDir, email);
  const verified = await followLink(app, link);
  if (verified.statusCode !== 302) {
    throw new Error(`verification link answered ${verified.statusCode}: ${verified.body}`);
  }
  const jar = new CookieJar().store(verified);
  if (!jar.has(SESSION_COOKIE)) throw new Error('the verification link did not sign in');
  const me = await readMe(app, jar);
  return { id: me.id, email, jar, cookie: jar.header() };
}

async function waitForVerificationLink(dataDir: string, email: string): Promise<string> {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    const mails = await readOutboxMails(dataDir);
    const mail = mails.find(
      (candidate) =>
        candidate.to.includes(email) &&
        candidate.links.some((link) => link.includes('/verify-email?')),
    );
    if (mail) return onlyLink(mail.links.filter((link) => link.includes('/verify-email?')));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no verification mail for ${email} in the outbox`);
}

/** Gives `userId` a role on an itinerary (there is no sharing API yet). */
export async function addMember(
  testApp: TestApp,
  itineraryId: string,
  userId: string,
  role: Exclude<Role, 'owner'>,
): Promise<void> {
  await testApp.database.db.insert(itineraryMember).values({ itineraryId, userId, role });
}

export interface CallOptions {
  payload?: object;
  headers?: Record<string, string>;
}

/**
 * An /api request as `user` (anonymous when null), from the app's own origin so that the
 * cross-site request check lets writes through.
 */
export async function call(
  testApp: TestApp,
  user: SignedInUser | null,
  method: HTTPMethods,
  url: string,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  // Awaited here: inject's chain only starts when awaited, and callers may start several at once.
  return await testApp.app.inject({
    method,
    url,
    headers: {
      ...(user ? { cookie: user.cookie } : {}),
      origin: testApp.config.baseUrl.origin,
      ...options.headers,
    },
    ...(options.payload === undefined ? {} : { payload: options.payload }),
  });
}

/** `call` bound to one app. */
export type Api = (
  user: SignedInUser | null,
  method: HTTPMethods,
  url: string,
  options?: CallOptions,
) => Promise<LightMyRequestResponse>;

export function apiFor(testApp: TestApp): Api {
  return (user, method, url, options) => call(testApp, user, method, url, options);
}

/** The body of an answer that must have `status` (the test fails with the body otherwise). */
export function expectStatus<T>(response: LightMyRequestResponse, status: number): T {
  expect(response.statusCode, `${response.statusCode}: ${response.body}`).toBe(status);
  return response.json<T>();
}

/** Asserts a 400 `request/invalid` whose issues name `field` (and whose message names one). */
export function expectFieldError(response: LightMyRequestResponse, field: string): void {
  const body = expectStatus<ApiErrorBody>(response, 400);
  expect(body.error.code).toBe('request/invalid');
  const issues = (body.error.details as { issues?: FieldIssue[] } | undefined)?.issues ?? [];
  expect(
    issues.map((issue) => issue.field),
    body.error.message,
  ).toContain(field);
  expect(body.error.message).toMatch(/^[\w.()-]+: /);
}

/** Asserts an error answer with its status and code, returning the body. */
export function expectError(
  response: LightMyRequestResponse,
  status: number,
  code: string,
): ApiErrorBody {
  const body = expectStatus<ApiErrorBody>(response, status);
  expect(body.error.code).toBe(code);
  return body;
}

/** The `details.current` of a 409 conflict answer. */
export function conflictCurrent<T>(response: LightMyRequestResponse): T {
  const body = expectError(response, 409, 'conflict');
  return (body.error.details as { current: T }).current;
}

/** A valid UUIDv7 that names nothing. */
export function missingId(): string {
  return uuidv7();
}

// --- factories: create through the API as `user`, failing loudly otherwise ---

export async function createItinerary(
  testApp: TestApp,
  user: SignedInUser,
  values: Record<string, unknown> = {},
): Promise<Itinerary> {
  const response = await call(testApp, user, 'POST', '/api/itineraries', {
    payload: { title: 'A trip', ...values },
  });
  return expectStatus<Itinerary>(response, 201);
}

export async function createStage(
  testApp: TestApp,
  user: SignedInUser,
  itineraryId: string,
  values: Record<string, unknown> = {},
): Promise<Stage> {
  const response = await call(testApp, user, 'POST', `/api/itineraries/${itineraryId}/stages`, {
    payload: { title: 'A stage', ...values },
  });
  return expectStatus<Stage>(response, 201);
}

export async function createPlace(
  testApp: TestApp,
  user: SignedInUser,
  itineraryId: string,
  values: Record<string, unknown> = {},
): Promise<Place> {
  const response = await call(testApp, user, 'POST', `/api/itineraries/${itineraryId}/places`, {
    payload: { name: 'A place', ...values },
  });
  return expectStatus<Place>(response, 201);
}

export async function createNote(
  testApp: TestApp,
  user: SignedInUser,
  itineraryId: string,
  values: Record<string, unknown> = {},
): Promise<Note> {
  const response = await call(testApp, user, 'POST', `/api/itineraries/${itineraryId}/notes`, {
    payload: { title: 'A note', body: 'Some *markdown*', ...values },
  });
  return expectStatus<Note>(response, 201);
}

export async function createList(
  testApp: TestApp,
  user: SignedInUser,
  itineraryId: string,
  values: Record<string, unknown> = {},
): Promise<TripList> {
  const response = await call(testApp, user, 'POST', `/api/itineraries/${itineraryId}/lists`, {
    payload: { title: 'Packing', kind: 'packing', ...values },
  });
  return expectStatus<TripList>(response, 201);
}

export async function createListItem(
  testApp: TestApp,
  user: SignedInUser,
  itineraryId: string,
  listId: string,
  text = 'Passport',
): Promise<ListItem> {
  const response = await call(
    testApp,
    user,
    'POST',
    `/api/itineraries/${itineraryId}/lists/${listId}/items`,
    { payload: { text } },
  );
  return expectStatus<ListItem>(response, 201);
}

export async function getTree(
  testApp: TestApp,
  user: SignedInUser,
  itineraryId: string,
): Promise<ItineraryTree> {
  return expectStatus<ItineraryTree>(
    await call(testApp, user, 'GET', `/api/itineraries/${itineraryId}`),
    200,
  );
}

export async function getLists(
  testApp: TestApp,
  user: SignedInUser,
  itineraryId: string,
): Promise<TripList[]> {
  const page = expectStatus<{ items: TripList[] }>(
    await call(testApp, user, 'GET', `/api/itineraries/${itineraryId}/lists`),
    200,
  );
  return page.items;
}

// --- counting SQL statements ---

type QuerySpy = MockInstance<pg.PoolClient['query']>;

/** Counts every statement sent through a pool's clients while `measure` runs. */
export interface QueryCounter {
  measure<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }>;
  stop(): void;
}

/**
 * Spies on `query` of every client the pool hands out (pool.query checks one out too, so
 * single statements and transactions are both seen).
 */
export function countQueries(pool: pg.Pool): QueryCounter {
  const spies = new Map<pg.PoolClient, QuerySpy>();
  const onAcquire = (client: pg.PoolClient) => {
    if (!spies.has(client)) spies.set(client, vi.spyOn(client, 'query'));
  };
  pool.on('acquire', onAcquire);
  return {
    async measure(work) {
      for (const spy of spies.values()) spy.mockClear();
      const result = await work();
      const statements = [...spies.values()].flatMap((spy) =>
        spy.mock.calls.map(([query]) =>
          typeof query === 'string' ? query : ((query as { text?: string }).text ?? ''),
        ),
      );
      return { result, statements };
    },
    stop() {
      pool.off('acquire', onAcquire);
      for (const spy of spies.values()) spy.mockRestore();
      spies.clear();
    },
  };
}
