import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase, type TestDatabase } from './database';
import { buildTestApp, type TestApp } from './test-app';
import { createWebDistFixture, type WebDistFixture } from './web-dist';

/** A test app serving a fixture of the web build, on a database of its own. */
export interface ServedWebDist {
  readonly app: TestApp['app'];
  readonly testApp: TestApp;
  readonly fixture: WebDistFixture;
  readonly database: TestDatabase;
}

/**
 * Serves a fixture of the web build for the tests of a file: made before them (`prepare` adds
 * files to the fixture first), removed after them, with its database.
 */
export function serveWebDistFixture(
  prepare: (dir: string) => Promise<void> = async () => {},
): ServedWebDist {
  let database: TestDatabase | undefined;
  let fixture: WebDistFixture | undefined;
  let testApp: TestApp | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    fixture = await createWebDistFixture();
    await prepare(fixture.dir);
    testApp = await buildTestApp({ databaseUrl: database.url, webDistDir: fixture.dir });
  });
  afterAll(async () => {
    await testApp?.close();
    await fixture?.remove();
    await database?.drop();
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The web build fixture is served from beforeAll on');
    return value;
  };
  return {
    get app() {
      return ready(testApp).app;
    },
    get testApp() {
      return ready(testApp);
    },
    get fixture() {
      return ready(fixture);
    },
    get database() {
      return ready(database);
    },
  };
}
