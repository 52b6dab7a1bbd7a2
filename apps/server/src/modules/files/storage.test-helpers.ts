import type { LightMyRequestResponse } from 'fastify';
import { callsTo, type SignedInUser, type Traveller } from '../../../test/clients';
import { createItinerary } from '../../../test/factories';
import { serverTest } from '../../../test/fixture';
import { addMember } from '../../../test/itinerary-helpers';
import type { TestServer } from '../../../test/server';

// Small limits, so that the tests pass them with small files.
export const IMAGE_MAX = 0.05 * 1024 * 1024;
export const DOCUMENT_MAX = 0.1 * 1024 * 1024;
export const QUOTA = 0.4 * 1024 * 1024;

/** The file's server, whose storage has the small limits above. */
export let testApp: TestServer;
/** A trip's owner, an editor of each trip, and someone else (made by storageTest's users). */
export let owner: Traveller;
export let editor: Traveller;
export let other: Traveller;

/** An /api request as `user` (anonymous when null). */
export const api = callsTo(() => testApp);

/**
 * The tests of a storage file: the server with the small limits; with `users`, the owner,
 * editor and other account are made before the file's first test.
 */
export function storageTest(options: { users?: boolean } = {}) {
  const test = serverTest({
    mail: 'outbox',
    env: { STORAGE_IMAGE_MAX_MB: '0.05', STORAGE_DOCUMENT_MAX_MB: '0.1', STORAGE_QUOTA_MB: '0.4' },
  });
  test.beforeAll(async ({ server }) => {
    testApp = server;
    if (options.users === false) return;
    [owner, editor, other] = await Promise.all([
      server.traveller({ label: 'owner' }),
      server.traveller({ label: 'editor' }),
      server.traveller({ label: 'other' }),
    ]);
  }, 60_000);
  return test;
}

/** A new trip of `owner`, with `editor` as an editor. */
export async function trip(): Promise<string> {
  const id = (await createItinerary(owner)).id;
  await addMember(testApp, id, editor.id, 'editor');
  return id;
}

/** A request of the storage protocol as `user` (anonymous without one). */
export function send(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: {
    user?: SignedInUser | null;
    headers?: Record<string, string>;
    body?: Buffer | string;
  } = {},
): Promise<LightMyRequestResponse> {
  return testApp.app.inject({
    method,
    url,
    headers: {
      ...(options.user ? { cookie: options.user.cookie } : {}),
      origin: testApp.config.baseUrl.origin,
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { payload: options.body }),
  });
}
