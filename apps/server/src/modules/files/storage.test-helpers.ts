import type { LightMyRequestResponse } from 'fastify';
import { createTestDatabase } from '../../../test/database';
import {
  addMember,
  apiFor,
  createItinerary,
  createSignedInUser,
  type Api,
  type SignedInUser,
} from '../../../test/itinerary-helpers';
import { buildTestApp, type TestApp } from '../../../test/test-app';

// Small limits, so that the tests pass them with small files.
export const IMAGE_MAX = 0.05 * 1024 * 1024;
export const DOCUMENT_MAX = 0.1 * 1024 * 1024;
export const QUOTA = 0.4 * 1024 * 1024;

/** A test app whose storage has the small limits above, on a database of its own. */
export async function startSmallStorage(): Promise<{
  testApp: TestApp;
  api: Api;
  close: () => Promise<void>;
}> {
  const database = await createTestDatabase();
  const testApp = await buildTestApp({
    databaseUrl: database.url,
    env: { STORAGE_IMAGE_MAX_MB: '0.05', STORAGE_DOCUMENT_MAX_MB: '0.1', STORAGE_QUOTA_MB: '0.4' },
  });
  return {
    testApp,
    api: apiFor(testApp),
    close: async () => {
      await testApp.close();
      await database.drop();
    },
  };
}

/** The small storage with a trip's owner, an editor of each trip, and someone else. */
export interface StorageTest {
  testApp: TestApp;
  api: Api;
  owner: SignedInUser;
  editor: SignedInUser;
  other: SignedInUser;
  /** A new trip of `owner`, with `editor` as an editor. */
  trip: () => Promise<string>;
  /** A request of the storage protocol as `user` (anonymous without one). */
  send: (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    options?: {
      user?: SignedInUser | null;
      headers?: Record<string, string>;
      body?: Buffer | string;
    },
  ) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
}

export async function startStorageTest(): Promise<StorageTest> {
  const { testApp, api, close } = await startSmallStorage();
  const [owner, editor, other] = await Promise.all([
    createSignedInUser(testApp, 'owner'),
    createSignedInUser(testApp, 'editor'),
    createSignedInUser(testApp, 'other'),
  ]);
  return {
    testApp,
    api,
    owner,
    editor,
    other,
    async trip() {
      const id = (await createItinerary(testApp, owner)).id;
      await addMember(testApp, id, editor.id, 'editor');
      return id;
    },
    send(method, url, options = {}) {
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
    },
    close,
  };
}
