import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { SESSION_COOKIE } from '../auth/session-cookie';
import { serverTest } from '../../test/fixture';
import type { TestServer } from '../../test/server';
import { expectedIndexHtml } from '../../test/web-dist';

/** A prerendered page of a language (`landing`, `sign-in`), as the fixture writes it. */
const prerenderedHtml = (page: string, language: string) =>
  `<!doctype html><html lang="${language}"><body><div id="root">${page} ${language}</div></body></html>`;
const landingHtml = (language: string) => prerenderedHtml('landing', language);
const signInHtml = (language: string) => prerenderedHtml('sign-in', language);

// German is left out: a build without a language's landing page serves the app there.
const PRERENDERED = ['en', 'it', 'fr', 'es', 'ar'];

const test = serverTest({
  mail: 'outbox',
  prepareWebDist: async (dir) => {
    for (const page of ['landing', 'sign-in']) {
      await mkdir(path.join(dir, page));
      for (const language of PRERENDERED) {
        const file = path.join(dir, page, `${language}.html`);
        await writeFile(file, prerenderedHtml(page, language));
      }
    }
  },
});

const get = (
  server: TestServer,
  url: string,
  cookies: Record<string, string> = {},
  method: 'GET' | 'HEAD' = 'GET',
) => server.app.inject({ method, url, cookies: { i18n_redirected: 'en', ...cookies } });

describe('the prerendered landing page', () => {
  test('is what an anonymous visitor of / gets, uncached and varying with the cookies', async ({
    server,
  }) => {
    const response = await get(server, '/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toContain('Cookie');
    expect(response.body).toBe(landingHtml('en'));
  });

  test.for([
    ['/ar', 'ar'],
    ['/ar/', 'ar'],
    ['/it', 'it'],
    ['/?source=app', 'en'],
  ])('GET %s → the landing page in %s', async ([url = '', language = ''], { server }) => {
    const response = await get(server, url);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(landingHtml(language));
  });

  test('follows the language redirect of /: the browser’s language, then its landing page', async ({
    server,
  }) => {
    const first = await server.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-language': 'fr-FR,fr;q=0.9' },
    });
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/fr');
    const second = await get(server, '/fr', { i18n_redirected: 'fr' });
    expect(second.body).toBe(landingHtml('fr'));
  });

  test.for([SESSION_COOKIE, `__Secure-${SESSION_COOKIE}`])(
    'is not sent with a session cookie (%s): the app, with the traveller’s own header',
    async (cookie, { server }) => {
      const response = await get(server, '/', { [cookie]: 'any-token' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(expectedIndexHtml('en', 'ltr'));
      const arabic = await get(server, '/ar', { [cookie]: 'any-token' });
      expect(arabic.body).toBe(expectedIndexHtml('ar', 'rtl'));
    },
  );

  test('is only the landing page: other pages, and a language not prerendered, get the app', async ({
    server,
  }) => {
    expect((await get(server, '/faq')).body).toBe(expectedIndexHtml('en', 'ltr'));
    expect((await get(server, '/ar/faq')).body).toBe(expectedIndexHtml('ar', 'rtl'));
    expect((await get(server, '/de')).body).toBe(expectedIndexHtml('de', 'ltr'));
  });

  test('HEAD / → 200 without a body', async ({ server }) => {
    const response = await get(server, '/', {}, 'HEAD');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
  });
});

describe('the prerendered sign-in page', () => {
  test.for([
    ['/login', 'en'],
    ['/login?redirect=%2Fitineraries%2Fx', 'en'],
    ['/ar/login', 'ar'],
    ['/it/login', 'it'],
  ])(
    'GET %s without a session cookie → the sign-in page in %s',
    async ([url = '', language = ''], { server }) => {
      const response = await get(server, url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toContain('Cookie');
      expect(response.body).toBe(signInHtml(language));
    },
  );

  test.for([SESSION_COOKIE, `__Secure-${SESSION_COOKIE}`])(
    'is not sent with a session cookie (%s): the app, which takes a signed-in traveller on',
    async (cookie, { server }) => {
      expect((await get(server, '/login', { [cookie]: 'any-token' })).body).toBe(
        expectedIndexHtml('en', 'ltr'),
      );
      expect((await get(server, '/ar/login', { [cookie]: 'any-token' })).body).toBe(
        expectedIndexHtml('ar', 'rtl'),
      );
    },
  );

  test('is only /login: the other sign-in pages, and a language not prerendered, get the app', async ({
    server,
  }) => {
    expect((await get(server, '/login/start')).body).toBe(expectedIndexHtml('en', 'ltr'));
    expect((await get(server, '/login/second-factor')).body).toBe(expectedIndexHtml('en', 'ltr'));
    expect((await get(server, '/de/login')).body).toBe(expectedIndexHtml('de', 'ltr'));
  });
});
