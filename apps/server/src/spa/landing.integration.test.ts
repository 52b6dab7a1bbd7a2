import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../auth/session-cookie';
import { serveWebDistFixture } from '../../test/served-web-dist';
import { expectedIndexHtml } from '../../test/web-dist';

/** The prerendered landing page of a language, as the fixture writes it. */
const landingHtml = (language: string) =>
  `<!doctype html><html lang="${language}"><body><div id="root">landing ${language}</div></body></html>`;

// German is left out: a build without a language's landing page serves the app there.
const PRERENDERED = ['en', 'it', 'fr', 'es', 'ar'];

const served = serveWebDistFixture(async (dir) => {
  await mkdir(path.join(dir, 'landing'));
  for (const language of PRERENDERED) {
    await writeFile(path.join(dir, 'landing', `${language}.html`), landingHtml(language));
  }
});

const get = (url: string, cookies: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  served.app.inject({ method, url, cookies: { i18n_redirected: 'en', ...cookies } });

describe('the prerendered landing page', () => {
  it('is what an anonymous visitor of / gets, uncached and varying with the cookies', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toContain('Cookie');
    expect(response.body).toBe(landingHtml('en'));
  });

  it.each([
    ['/ar', 'ar'],
    ['/ar/', 'ar'],
    ['/it', 'it'],
    ['/?source=app', 'en'],
  ])('GET %s → the landing page in %s', async (url, language) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(landingHtml(language));
  });

  it('follows the language redirect of /: the browser’s language, then its landing page', async () => {
    const first = await served.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-language': 'fr-FR,fr;q=0.9' },
    });
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/fr');
    const second = await get('/fr', { i18n_redirected: 'fr' });
    expect(second.body).toBe(landingHtml('fr'));
  });

  it.each([SESSION_COOKIE, `__Secure-${SESSION_COOKIE}`])(
    'is not sent with a session cookie (%s): the app, with the traveller’s own header',
    async (cookie) => {
      const response = await get('/', { [cookie]: 'any-token' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(expectedIndexHtml('en', 'ltr'));
      const arabic = await get('/ar', { [cookie]: 'any-token' });
      expect(arabic.body).toBe(expectedIndexHtml('ar', 'rtl'));
    },
  );

  it('is only the landing page: other pages, and a language not prerendered, get the app', async () => {
    expect((await get('/faq')).body).toBe(expectedIndexHtml('en', 'ltr'));
    expect((await get('/ar/faq')).body).toBe(expectedIndexHtml('ar', 'rtl'));
    expect((await get('/de')).body).toBe(expectedIndexHtml('de', 'ltr'));
  });

  it('HEAD / → 200 without a body', async () => {
    const response = await get('/', {}, 'HEAD');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
  });
});
