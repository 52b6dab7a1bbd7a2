import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { expectedIndexHtml } from '../../test/web-dist';

let testDatabase: TestDatabase;
let testApp: TestApp;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  testApp = await buildTestApp({ databaseUrl: testDatabase.url });
});

afterAll(async () => {
  await testApp?.close();
  await testDatabase?.drop();
});

function get(url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return testApp.app.inject({ method: 'GET', url, headers });
}

/** The one Set-Cookie header of a response, split into its name=value and its attributes. */
function languageCookie(response: LightMyRequestResponse): {
  value: string;
  attributes: Map<string, string>;
} {
  const header = response.headers['set-cookie'];
  const cookies = header === undefined ? [] : Array.isArray(header) ? header : [header];
  const matching = cookies.filter((cookie) => cookie.startsWith('i18n_redirected='));
  expect(matching).toHaveLength(1);
  const [pair = '', ...rest] = (matching[0] ?? '').split(';').map((part) => part.trim());
  const attributes = new Map(
    rest.map((part) => {
      const [key = '', value = ''] = part.split('=');
      return [key.toLowerCase(), value] as const;
    }),
  );
  return { value: pair.slice('i18n_redirected='.length), attributes };
}

describe('language detection on /', () => {
  it('Accept-Language it-IT without a cookie → 302 /it and remembers it for a year', async () => {
    const response = await get('/', { 'accept-language': 'it-IT,it;q=0.9' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/it');
    expect(response.headers.vary).toMatch(/Accept-Language/);
    const cookie = languageCookie(response);
    expect(cookie.value).toBe('it');
    expect(Object.fromEntries(cookie.attributes)).toEqual({
      'max-age': '31536000',
      path: '/',
      samesite: 'Lax',
    });
    expect(cookie.attributes.has('secure')).toBe(false);
    expect(cookie.attributes.has('httponly')).toBe(false);
  });

  it('keeps the query string on the redirect', async () => {
    const response = await get('/?utm_source=mail&ref=a%20b', { 'accept-language': 'it' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/it?utm_source=mail&ref=a%20b');
  });

  it('a remembered language (cookie fr) → 302 /fr, whatever the browser asks', async () => {
    const response = await get('/', { cookie: 'i18n_redirected=fr', 'accept-language': 'de' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/fr');
  });

  it('a remembered default language (cookie en) → 200, no redirect', async () => {
    const response = await get('/', { cookie: 'i18n_redirected=en', 'accept-language': 'it' });
    expect(response.statusCode).toBe(200);
    expect(response.headers.location).toBeUndefined();
    expect(response.body).toBe(expectedIndexHtml('en', 'ltr'));
  });

  it('an unsupported language (ja) → 200 in the default language, and remembers en', async () => {
    const response = await get('/', { 'accept-language': 'ja' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(expectedIndexHtml('en', 'ltr'));
    expect(languageCookie(response).value).toBe('en');
  });

  it('does not fall back to a supported language further down the list', async () => {
    const response = await get('/', { 'accept-language': 'ja-JP,ja;q=0.9,it;q=0.8' });
    expect(response.statusCode).toBe(200);
    expect(languageCookie(response).value).toBe('en');
  });

  it('only the primary subtag counts, and quality orders the list', async () => {
    const canadian = await get('/', { 'accept-language': 'fr-CA' });
    expect(canadian.headers.location).toBe('/fr');
    const weighted = await get('/', { 'accept-language': 'de;q=0.5, es;q=0.9' });
    expect(weighted.headers.location).toBe('/es');
  });

  it('an unknown cookie value is ignored in favour of the browser language', async () => {
    const response = await get('/', { cookie: 'i18n_redirected=xx', 'accept-language': 'de' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/de');
    expect(languageCookie(response).value).toBe('de');
  });

  it('no Accept-Language and no cookie → 200 in the default language', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(languageCookie(response).value).toBe('en');
  });
});

describe('other paths never redirect', () => {
  it('/itineraries with Accept-Language it → 200 in English, no cookie set', async () => {
    const response = await get('/itineraries', { 'accept-language': 'it' });
    expect(response.statusCode).toBe(200);
    expect(response.headers.location).toBeUndefined();
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.body).toBe(expectedIndexHtml('en', 'ltr'));
  });

  it('/it with a cookie fr → 200 in Italian (the path wins)', async () => {
    const response = await get('/it', { cookie: 'i18n_redirected=fr' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(expectedIndexHtml('it', 'ltr'));
  });

  it('/ar/faq → 200 right-to-left', async () => {
    const response = await get('/ar/faq', { 'accept-language': 'it' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(expectedIndexHtml('ar', 'rtl'));
  });
});
