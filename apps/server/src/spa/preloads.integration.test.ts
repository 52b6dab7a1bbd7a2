import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LANGUAGES, type Language } from '@jammy/shared/languages';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '@jammy/shared/route-preloads';
import { describe, expect } from 'vitest';
import { serverTest } from '../../test/fixture';
import { apiFor, expectStatus } from '../../test/itinerary-helpers';
import type { TestServer } from '../../test/server';
import { expectedIndexHtml } from '../../test/web-dist';

const noMessages = Object.fromEntries(
  LANGUAGES.map((language): [Language, string[]] => [language, []]),
) as Record<Language, string[]>;
/** What the build lists for two pages (web/scripts/route-preloads.ts). */
const PRELOADS: RoutePreloads = {
  itineraries: {
    scripts: ['assets/itineraries-a1.js', 'assets/logged-layout-b2.js'],
    styles: ['assets/itineraries-c3.css'],
    messages: { ...noMessages, en: ['assets/en-d4.js'], ar: ['assets/ar-e5.js'] },
    title: {
      ...(Object.fromEntries(
        LANGUAGES.map((language) => [language, `${language}: trips`]),
      ) as Record<Language, string>),
      en: 'My <trips>',
      it: 'I miei viaggi',
      fr: 'Mes voyages',
      es: 'Mis viajes',
      de: 'Meine Reisen',
      ar: 'رحلاتي',
    },
  },
  login: { scripts: ['assets/login-f6.js'], styles: [], messages: noMessages },
  // Open to everyone: a signed-in traveller's visit also draws their layout.
  faq: {
    scripts: ['assets/faq-g7.js'],
    styles: [],
    messages: { ...noMessages, en: ['assets/en-h8.js'] },
    signedIn: {
      scripts: ['assets/logged-layout-b2.js'],
      styles: ['assets/logged-layout-i9.css'],
      messages: { ...noMessages, en: ['assets/en-j0.js'] },
    },
  },
};

const test = serverTest({
  mail: 'outbox',
  prepareWebDist: (dir) => writeFile(path.join(dir, ROUTE_PRELOADS_FILE), JSON.stringify(PRELOADS)),
});

const get = (server: TestServer, url: string) => server.app.inject({ method: 'GET', url });
const head = (body: string) => /<head>([\s\S]*)<\/head>/.exec(body)?.[1] ?? '';

describe('the files a page names in its head', () => {
  test('are its stylesheets, then its scripts and its messages in the page’s language', async ({
    server,
  }) => {
    const response = await get(server, '/itineraries');
    expect(response.statusCode).toBe(200);
    // Its stylesheets preloaded after index.html's, before the entry's script: the first
    // paint waits for index.html's only.
    expect(head(response.body)).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/index-k1.css">' +
        '<link rel="preload" as="style" crossorigin href="/assets/itineraries-c3.css">' +
        '<script type="module" crossorigin src="/assets/app-abc123.js"></script>',
    );
    expect(head(response.body)).toContain(
      '</script>' +
        '<link rel="modulepreload" crossorigin href="/assets/itineraries-a1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/logged-layout-b2.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/en-d4.js">',
    );
    const arabic = head((await get(server, '/ar/itineraries')).body);
    expect(arabic).toContain('href="/assets/ar-e5.js"');
    expect(arabic).not.toContain('en-d4.js');
  });

  test('differ from page to page; a page the build lists nothing for names nothing', async ({
    server,
  }) => {
    const login = head((await get(server, '/login')).body);
    expect(login).toContain('<link rel="modulepreload" crossorigin href="/assets/login-f6.js">');
    expect(login).not.toContain('itineraries-a1.js');
    expect((await get(server, '/terms')).body).toBe(expectedIndexHtml('en', 'ltr'));
  });

  test('on a page open to everyone, add the traveller’s layout for someone signed in only', async ({
    server,
  }) => {
    const anonymous = head((await get(server, '/faq')).body);
    expect(anonymous).toContain('href="/assets/faq-g7.js"');
    expect(anonymous).not.toContain('logged-layout');
    expect(anonymous).not.toContain('en-j0.js');

    const user = await server.traveller({ label: 'preloads-visitor-page' });
    const signedIn = head(
      (await server.app.inject({ method: 'GET', url: '/faq', headers: { cookie: user.cookie } }))
        .body,
    );
    expect(signedIn).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/logged-layout-i9.css">' +
        '<script type="module"',
    );
    expect(signedIn).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/en-h8.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/logged-layout-b2.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/en-j0.js">',
    );
    // A cookie whose session is gone is nobody's: the visitor's files only.
    const stale = head(
      (
        await server.app.inject({
          method: 'GET',
          url: '/faq',
          cookies: { 'jammy.session_token': 'no-such-session' },
        })
      ).body,
    );
    expect(stale).toContain('href="/assets/faq-g7.js"');
    expect(stale).not.toContain('logged-layout');
  });

  test('draw the page’s title in the app’s frame, in its language, for a signed-in traveller', async ({
    server,
  }) => {
    const user = await server.traveller({ label: 'preloads-title' });
    const page = async (url: string) =>
      (await server.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } })).body;
    expect(await page('/itineraries')).toContain(
      '<div class="boot-page"><div class="boot-list"><div class="boot-container">' +
        '<h1 class="boot-title"><bdi>My &lt;trips&gt;</bdi></h1></div></div></div>',
    );
    expect(await page('/ar/itineraries')).toContain('<bdi>رحلاتي</bdi>');
    // Nobody signed in: the page sends them to sign in, and its frame has no title.
    expect((await get(server, '/itineraries')).body).toContain('<div class="boot-page"></div>');
  });

  test('on the catalogue, unfiltered, start its list with the app’s code', async ({ server }) => {
    const link = (language: string) =>
      `<link rel="preload" as="fetch" crossorigin href="/api/presets?lang=${language}&amp;limit=100">`;
    expect(head((await get(server, '/jammy-itineraries')).body)).toContain(link('en'));
    expect(head((await get(server, '/de/jammy-itineraries')).body)).toContain(link('de'));
    // The request the app makes for it, the same address once the entity is read.
    const answer = await get(server, '/api/presets?lang=en&limit=100');
    expect(answer.statusCode).toBe(200);
    // Filtered, the page asks for another list: nothing to start.
    expect(head((await get(server, '/jammy-itineraries?region=europe')).body)).not.toContain(
      'as="fetch"',
    );
    expect(head((await get(server, '/itineraries')).body)).not.toContain('as="fetch"');
  });

  test('are none on a path that is no page (the 404)', async ({ server }) => {
    const response = await get(server, '/itineraries/nowhere/at/all');
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe(expectedIndexHtml('en', 'ltr', null));
  });
});

describe("a trip's tree, named in its overview's head", () => {
  test('for a member, as the app asks for it; never for a stranger, a link holder or another page', async ({
    server,
  }) => {
    const api = apiFor(server);
    const owner = await server.traveller({ label: 'tree-preload-owner' });
    const stranger = await server.traveller({ label: 'tree-preload-stranger' });
    const created = await api(owner, 'POST', '/api/itineraries', { payload: { title: 'Évora' } });
    expectStatus(created, 201);
    const { id } = created.json<{ id: string }>();
    const page = async (user: { cookie: string } | null, url: string) =>
      (
        await server.app.inject({
          method: 'GET',
          url,
          headers: user ? { cookie: user.cookie } : {},
        })
      ).body;
    // The address and credentials of the app's own request (itineraryTreeQuery), so the app's
    // fetch takes the preloaded answer.
    const link = `<link rel="preload" as="fetch" crossorigin href="/api/itineraries/${id}">`;
    expect(head(await page(owner, `/itinerary/${id}`))).toContain(link);
    expect(head(await page(owner, `/de/itinerary/${id}`))).toContain(link);
    expectStatus(await api(owner, 'GET', `/api/itineraries/${id}`), 200);

    for (const html of [
      await page(stranger, `/itinerary/${id}`),
      await page(null, `/itinerary/${id}`),
      // A link holder's view reads the trip through the link, at another address.
      await page(owner, `/itinerary/${id}?share=abc`),
      await page(owner, `/itinerary/${id}/notes`),
    ]) {
      expect(head(html)).not.toContain('as="fetch"');
    }
  });
});
