import type { Role } from '@jammy/shared/itineraries';
import type { HTTPMethods, LightMyRequestResponse } from 'fastify';
import type pg from 'pg';
import { vi, type MockInstance } from 'vitest';
import { itineraryMember } from '../src/db/schema/itineraries';
import { uniqueEmail } from './auth-helpers';
import { call, clientOf, type CallOptions, type SignedInUser } from './clients';
import * as factories from './factories';
import { signUpVerified } from './server';
import type { TestApp } from './test-app';

// What the files that build their own apps (backups, crash safety, the fuzz, scale) still use;
// a file that starts with serverTest() uses fixture.ts, clients.ts and factories.ts instead.

export type { SignedInUser, CallOptions } from './clients';
export { call } from './clients';
export { conflictCurrent, expectError, expectFieldError, expectStatus, missingId } from './expect';

/** A new verified, signed-in traveller (the verification mail read from the outbox). */
export function createSignedInUser(testApp: TestApp, label = 'traveller'): Promise<SignedInUser> {
  return signUpVerified(testApp, { email: uniqueEmail(label) });
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

// --- factories (factories.ts) as `user` of `testApp` ---

type Values = Record<string, unknown>;

export function createItinerary(testApp: TestApp, user: SignedInUser, values: Values = {}) {
  return factories.createItinerary(clientOf(testApp, user), values);
}

export function createStage(testApp: TestApp, user: SignedInUser, id: string, values?: Values) {
  return factories.createStage(clientOf(testApp, user), id, values);
}

export function createPlace(testApp: TestApp, user: SignedInUser, id: string, values?: Values) {
  return factories.createPlace(clientOf(testApp, user), id, values);
}

export function createNote(testApp: TestApp, user: SignedInUser, id: string, values?: Values) {
  return factories.createNote(clientOf(testApp, user), id, values);
}

export function createList(testApp: TestApp, user: SignedInUser, id: string, values?: Values) {
  return factories.createList(clientOf(testApp, user), id, values);
}

export function createListItem(
  testApp: TestApp,
  user: SignedInUser,
  itineraryId: string,
  listId: string,
  text?: string,
) {
  return factories.createListItem(clientOf(testApp, user), itineraryId, listId, text);
}

export function getTree(testApp: TestApp, user: SignedInUser, itineraryId: string) {
  return factories.getTree(clientOf(testApp, user), itineraryId);
}

export function getLists(testApp: TestApp, user: SignedInUser, itineraryId: string) {
  return factories.getLists(clientOf(testApp, user), itineraryId);
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
