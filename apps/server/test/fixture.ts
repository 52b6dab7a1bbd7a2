import type { Itinerary } from '@jammy/shared/itineraries';
import { test as base } from 'vitest';
import { itineraryMember } from '../src/db/schema/itineraries';
import type { Client, Traveller } from './clients';
import {
  createBooking,
  createExpense,
  createItinerary,
  createList,
  createNote,
  createPlace,
  createStage,
} from './factories';
import { startTestServer, type TestServer, type TestServerOptions } from './server';

/** Who calls, seen from the fixture's trip. */
export type Caller = 'owner' | 'editor' | 'viewer' | 'stranger' | 'anonymous' | 'admin';
/** The callers that are accounts of their own besides the owner. */
type Other = 'editor' | 'viewer' | 'stranger' | 'admin';

type Values = Record<string, unknown>;

/** Rows of the fixture's trip, made by its owner. */
export interface Factories {
  stage(values?: Values): ReturnType<typeof createStage>;
  place(values?: Values): ReturnType<typeof createPlace>;
  note(values?: Values): ReturnType<typeof createNote>;
  list(values?: Values): ReturnType<typeof createList>;
  booking(values?: Values): ReturnType<typeof createBooking>;
  expense(values?: Values): ReturnType<typeof createExpense>;
}

/**
 * The integration test of a file: `test(name, async ({ app, owner, trip, as, make }) => …)`.
 *
 * The server (its database, mail catcher and app, built with `options`, or with what the
 * `options` function answers when the file's first test starts) and the accounts are
 * made once per file, when a test first asks for them, and closed after the file's last test:
 * building the app is the expensive part, and the files of a worker run one after another
 * (`isolate: false`), so nothing is left open behind a file. `trip`, `as` and `make` are made
 * per test: each test has a fresh itinerary of the owner, so tests do not see each other's
 * rows. A test that changes an account (its password, its sessions, deleting it) makes its
 * own with `server.traveller()`.
 */
export function serverTest(options: TestServerOptions | (() => Promise<TestServerOptions>) = {}) {
  return (
    base
      // Vitest reads what a fixture depends on from this pattern: the server depends on nothing.
      // eslint-disable-next-line no-empty-pattern
      .extend('server', { scope: 'file' }, async ({}, { onCleanup }): Promise<TestServer> => {
        // Options made by a function (around a stand-in service it starts) wait for the file.
        const server = await startTestServer(
          typeof options === 'function' ? await options() : options,
        );
        onCleanup(() => server.close());
        return server;
      })
      .extend('app', { scope: 'file' }, ({ server }) => server.app)
      .extend('owner', { scope: 'file' }, ({ server }) => server.traveller({ label: 'owner' }))
      /** The other callers' accounts, each made the first time a test asks for it. */
      .extend('accounts', { scope: 'file' }, ({ server }) => {
        const made = new Map<Other, Promise<Traveller>>();
        return (caller: Other): Promise<Traveller> => {
          let account = made.get(caller);
          if (!account) {
            account = caller === 'admin' ? server.admin() : server.traveller({ label: caller });
            made.set(caller, account);
          }
          return account;
        };
      })
      .extend('trip', ({ owner }): Promise<Itinerary> => createItinerary(owner, { title: 'Trip' }))
      /** A client for `caller` on the trip; an editor or viewer is made a member first. */
      .extend('as', ({ server, owner, trip, accounts }) => {
        return async (caller: Caller): Promise<Client> => {
          if (caller === 'owner') return owner;
          if (caller === 'anonymous') return server.client(null);
          const account = await accounts(caller);
          if (caller === 'editor' || caller === 'viewer') {
            await server.database.db
              .insert(itineraryMember)
              .values({ itineraryId: trip.id, userId: account.id, role: caller })
              .onConflictDoNothing();
          }
          return account;
        };
      })
      .extend('make', ({ owner, trip }): Factories => ({
        stage: (values) => createStage(owner, trip.id, values),
        place: (values) => createPlace(owner, trip.id, values),
        note: (values) => createNote(owner, trip.id, values),
        list: (values) => createList(owner, trip.id, values),
        booking: (values) => createBooking(owner, trip.id, values),
        expense: (values) => createExpense(owner, trip.id, values),
      }))
  );
}

/** What serverTest() returns, for helpers that add hooks to a file's tests. */
export type ServerTest = ReturnType<typeof serverTest>;
