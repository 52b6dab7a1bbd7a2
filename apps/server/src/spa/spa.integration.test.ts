import path from 'node:path';
import { ROUTES, buildPath } from '@jammy/shared/route-table';
import { describe, expect } from 'vitest';
import { apiFor, expectStatus } from '../../test/itinerary-helpers';
import { serverTest } from '../../test/fixture';
import { buildTestApp } from '../../test/test-app';
import {
  FIXTURE_ASSET_JS,
  FIXTURE_ASSET_PATH,
  FIXTURE_MANIFEST,
  expectedIndexHtml,
} from '../../test/web-dist';

const UUID_V7 = '0192f7a0-0000-7000-8000-000000000000';
const UUID_V4 = '0192f7a0-0000-4000-8000-000000000000';
const PREFIXES = [
  { prefix: '', lang: 'en', dir: 'ltr' },
  { prefix: '/ar', lang: 'ar', dir: 'rtl' },
  { prefix: '/it', lang: 'it', dir: 'ltr' },
] as const;

/** Every page of the route table with its parameters filled with a valid id. */
const PAGE_PATHS = ROUTES.map((route) => {
  const params = Object.fromEntries(
    [...route.path.matchAll(/:([A-Za-z]+)/g)].map((match) => [match[1], UUID_V7]),
  );
  return buildPath(route.path, params);
});

function withPrefix(prefix: string, pagePath: string): string {
  if (prefix === '') return pagePath;
  return pagePath === '/' ? prefix : `${prefix}${pagePath}`;
}

const test = serverTest({ mail: 'outbox' });

describe('pages of the route table', () => {
  test('covers every route, each path with its parameters filled', () => {
    expect(PAGE_PATHS).toHaveLength(ROUTES.length);
    expect(PAGE_PATHS).toContain(`/itinerary/${UUID_V7}/stage/${UUID_V7}/add/finish`);
    expect(PAGE_PATHS.every((pagePath) => !pagePath.includes(':'))).toBe(true);
  });

  for (const { prefix, lang, dir } of PREFIXES) {
    for (const pagePath of PAGE_PATHS) {
      const url = withPrefix(prefix, pagePath);
      test(`GET ${url} → 200 index.html with lang="${lang}" dir="${dir}"`, async ({ server }) => {
        const response = await server.app.inject({
          method: 'GET',
          url,
          // A remembered default language: `/` must not redirect here (see language tests).
          cookies: { i18n_redirected: 'en' },
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(response.headers['cache-control']).toBe('private, no-cache');
        // The catalogue starts its list with the app's code (spa.routes.ts, dataPreload).
        const more =
          pagePath === '/jammy-itineraries'
            ? `<link rel="preload" as="fetch" crossorigin href="/api/presets?lang=${lang}&amp;limit=100">`
            : '';
        expect(response.body).toBe(expectedIndexHtml(lang, dir, undefined, more));
      });
    }
  }

  test('a trailing slash still finds the page', async ({ server }) => {
    const response = await server.app.inject({ method: 'GET', url: '/itineraries/' });
    expect(response.statusCode).toBe(200);
  });

  test('HEAD of a page → 200 without a body', async ({ server }) => {
    const response = await server.app.inject({ method: 'HEAD', url: '/faq' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toBe('');
  });
});

describe('who is signed in, in the page', () => {
  const sessionIn = (html: string): unknown => {
    const found = /<script type="application\/json" id="jammy-session">(.*?)<\/script>/.exec(html);
    return found ? JSON.parse(found[1] ?? '') : undefined;
  };

  test('names the signed-in traveller as GET /api/session does, private to them', async ({
    server,
  }) => {
    const user = await server.traveller({ label: 'page-session' });
    // A name that would end the element, open a comment or be read as a replacement pattern.
    const name = "</script><script>alert(1)</script><!-- $& $' $`";
    expectStatus(await apiFor(server)(user, 'PATCH', '/api/me', { payload: { name } }), 200);
    const page = await server.app.inject({
      method: 'GET',
      url: '/ar/itineraries',
      headers: { cookie: user.cookie },
    });
    const session = await server.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { cookie: user.cookie },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(sessionIn(page.body)).toEqual(session.json());
    expect(session.json<{ user: { id: string; name: string } }>().user).toMatchObject({
      id: user.id,
      name,
    });
    // The element's own end is the only one besides the entry script's (index.html's), and
    // nothing else entered the page.
    expect(page.body.match(/<\/script>/g)).toHaveLength(2);
    expect(page.body).not.toContain('<!--');
    expect(page.body).toBe(
      expectedIndexHtml('ar', 'rtl', JSON.stringify(session.json()).replace(/</g, '\\u003c')),
    );
  });

  test('says nobody is signed in for a cookie whose session is gone, or without one', async ({
    server,
  }) => {
    const stale = await server.app.inject({
      method: 'GET',
      url: '/itineraries',
      cookies: { 'jammy.session_token': 'no-such-session' },
    });
    expect(sessionIn(stale.body)).toEqual({ user: null });
    const anonymous = await server.app.inject({ method: 'GET', url: '/faq' });
    expect(sessionIn(anonymous.body)).toEqual({ user: null });
  });
});

describe('paths that are no page', () => {
  const notFound = [
    { url: '/no-such-page', lang: 'en', dir: 'ltr' },
    { url: '/itinerary/abc', lang: 'en', dir: 'ltr' },
    { url: `/itinerary/${UUID_V4}`, lang: 'en', dir: 'ltr' },
    { url: `/itinerary/${UUID_V7}/stage/${UUID_V4}`, lang: 'en', dir: 'ltr' },
    { url: '/jammy-itineraries/abc', lang: 'en', dir: 'ltr' },
    { url: '/itineraries/extra', lang: 'en', dir: 'ltr' },
    { url: '/ar/no-such-page', lang: 'ar', dir: 'rtl' },
    { url: '/it/itinerary/abc', lang: 'it', dir: 'ltr' },
    { url: '/en/faq', lang: 'en', dir: 'ltr' },
    { url: '/xx/faq', lang: 'en', dir: 'ltr' },
  ] as const;

  for (const { url, lang, dir } of notFound) {
    test(`GET ${url} → 404 with the SPA page (lang="${lang}")`, async ({ server }) => {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('private, no-cache');
      expect(response.body).toBe(expectedIndexHtml(lang, dir, null));
    });
  }
});

describe('the manifest in each language', () => {
  test('answers the build manifest translated, with the language’s start URL', async ({
    server,
  }) => {
    const response = await server.app.inject({ method: 'GET', url: '/manifest/it.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    const manifest = response.json<Record<string, unknown>>();
    expect(manifest).toMatchObject({
      id: '/',
      name: 'Jammy — pianificatore di viaggi',
      short_name: 'Jammy',
      lang: 'it',
      dir: 'ltr',
      start_url: '/it?source=app',
      display: 'standalone',
      icons: FIXTURE_MANIFEST.icons,
    });
    expect(manifest.screenshots).toEqual([
      { ...FIXTURE_MANIFEST.screenshots[0], label: 'Un viaggio con le sue tappe e la mappa' },
      { ...FIXTURE_MANIFEST.screenshots[1], label: 'Un viaggio sul telefono' },
    ]);
  });

  test('opens the Arabic app right to left, and the English one at /', async ({ server }) => {
    const arabic = await server.app.inject({ method: 'GET', url: '/manifest/ar.webmanifest' });
    expect(arabic.json()).toMatchObject({ lang: 'ar', dir: 'rtl', start_url: '/ar?source=app' });
    const english = await server.app.inject({ method: 'GET', url: '/manifest/en.webmanifest' });
    expect(english.json()).toMatchObject({ lang: 'en', start_url: '/?source=app' });
  });

  test('offers the app in the share sheet, sending to the inbox in its language', async ({
    server,
  }) => {
    const german = await server.app.inject({ method: 'GET', url: '/manifest/de.webmanifest' });
    expect(german.json()).toMatchObject({
      share_target: { ...FIXTURE_MANIFEST.share_target, action: '/de/inbox/share' },
    });
    const english = await server.app.inject({ method: 'GET', url: '/manifest/en.webmanifest' });
    expect(english.json()).toMatchObject({ share_target: { action: '/inbox/share' } });
  });

  for (const url of ['/manifest/xx.webmanifest', '/manifest/it.json', '/manifest/it']) {
    test(`GET ${url} → 404`, async ({ server }) => {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
    });
  }
});

describe('a share that reaches the server (no worker took it)', () => {
  for (const [url, inbox] of [
    ['/inbox/share', '/inbox'],
    ['/it/inbox/share', '/it/inbox'],
  ] as const) {
    test(`POST ${url} opens the inbox, which says so`, async ({ server }) => {
      const boundary = 'share-boundary';
      const response = await server.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload:
          `--${boundary}\r\ncontent-disposition: form-data; name="text"\r\n\r\n` +
          `Booking ABC123\r\n--${boundary}--\r\n`,
      });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(`${inbox}?shared=unavailable`);
    });
  }

  test('any other path under a language is no share target', async ({ server }) => {
    const response = await server.app.inject({ method: 'POST', url: '/xx/inbox/share' });
    expect(response.statusCode).toBe(404);
  });
});

describe('files of the build', () => {
  test('serves a hashed asset with an immutable year-long cache', async ({ server }) => {
    const response = await server.app.inject({ method: 'GET', url: FIXTURE_ASSET_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe(FIXTURE_ASSET_JS);
  });

  test('serves builds/latest.json uncached, for update detection', async ({ server }) => {
    const response = await server.app.inject({ method: 'GET', url: '/builds/latest.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual({ id: 'test-build', timestamp: 1 });
  });

  test('a broken address under /v0 or /api → a JSON 400, never a page', async ({ server }) => {
    // %ED%A0%80 is not UTF-8 once decoded: no route can read it.
    for (const url of ['/v0/b/%ED%A0%80/o', '/api/itineraries/%ED%A0%80']) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json<{ error: { code: string } }>().error.code, url).toBeTypeOf('string');
    }
    const unknown = await server.app.inject({ method: 'GET', url: '/v0/nothing-here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ error: { code: string } }>().error.code).toBe('route/not-found');
  });

  test('a missing asset → 404, never index.html with 200', async ({ server }) => {
    const response = await server.app.inject({ method: 'GET', url: '/assets/missing-zzz.js' });
    expect(response.statusCode).toBe(404);
  });

  test('does not serve files outside the build folder', async ({ server }) => {
    const outside = path.basename(path.dirname(server.config.webDistDir));
    const response = await server.app.inject({
      method: 'GET',
      url: `/..%2f..%2f${outside}%2fetc%2fpasswd`,
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('root:');
  });
});

describe('without a web build', () => {
  test('serves the API only: pages answer the JSON 404', async ({ server }) => {
    const apiOnly = await buildTestApp({
      databaseUrl: server.testDatabase.url,
      webDistDir: path.join(server.config.webDistDir, 'not-built'),
    });
    try {
      const page = await apiOnly.app.inject({ method: 'GET', url: '/faq' });
      expect(page.statusCode).toBe(404);
      expect(page.json()).toEqual({
        error: { code: 'route/not-found', message: 'No route GET /faq' },
      });
      const health = await apiOnly.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json<{ build: string }>().build).toBe('development');
    } finally {
      await apiOnly.close();
    }
  });
});
