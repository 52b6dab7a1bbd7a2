import type { LightMyRequestResponse } from 'fastify';
import { describe, expect } from 'vitest';
import { expectedIndexHtml } from '../../test/web-dist';
import { serverTest } from '../../test/fixture';
import type { TestServer } from '../../test/server';

const test = serverTest({ mail: 'outbox' });

function get(
  server: TestServer,
  url: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return server.app.inject({ method: 'GET', url, headers });
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
  test('Accept-Language it-IT without a cookie → 302 /it and remembers it for a year', async ({
    server,
  }) => {
    const response = await get(server, '/', { 'accept-language': 'it-IT,it;q=0.9' });
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

  test('keeps the query string on the redirect', async ({ server }) => {
    const response = await get(server, '/?utm_source=mail&ref=a%20b', { 'accept-language': 'it' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/it?utm_source=mail&ref=a%20b');
  });

  test('a remembered language (cookie fr) → 302 /fr, whatever the browser asks', async ({
    server,
  }) => {
    const response = await get(server, '/', {
      cookie: 'i18n_redirected=fr',
      'accept-language': 'de',
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/fr');
  });

  test('a remembered default language (cookie en) → 200, no redirect', async ({ server }) => {
    const response = await get(server, '/', {
      cookie: 'i18n_redirected=en',
      'accept-language': 'it',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers.location).toBeUndefined();
    expect(response.body).toBe(expectedIndexHtml('en', 'ltr'));
  });

  test('an unsupported language (gsw) → 200 in the default language, and remembers en', async ({
    server,
  }) => {
    const response = await get(server, '/', { 'accept-language': 'gsw' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(expectedIndexHtml('en', 'ltr'));
    expect(languageCookie(response).value).toBe('en');
  });

  test('does not fall back to a supported language further down the list', async ({ server }) => {
    const response = await get(server, '/', { 'accept-language': 'gsw-CH,gsw;q=0.9,it;q=0.8' });
    expect(response.statusCode).toBe(200);
    expect(languageCookie(response).value).toBe('en');
  });

  test('a language with subtags goes to its lower-case prefix, aliases to theirs', async ({
    server,
  }) => {
    const taiwan = await get(server, '/', { 'accept-language': 'zh-TW,zh;q=0.9' });
    expect(taiwan.headers.location).toBe('/zh-hant');
    expect(languageCookie(taiwan).value).toBe('zh-Hant');
    const portuguese = await get(server, '/', { 'accept-language': 'pt' });
    expect(portuguese.headers.location).toBe('/pt-br');
    const remembered = await get(server, '/', { cookie: 'i18n_redirected=pt-BR' });
    expect(remembered.headers.location).toBe('/pt-br');
    const hebrew = await get(server, '/he');
    expect(hebrew.statusCode).toBe(200);
    expect(hebrew.body).toBe(expectedIndexHtml('he', 'rtl'));
  });

  test('only the primary subtag counts, and quality orders the list', async ({ server }) => {
    const canadian = await get(server, '/', { 'accept-language': 'fr-CA' });
    expect(canadian.headers.location).toBe('/fr');
    const weighted = await get(server, '/', { 'accept-language': 'de;q=0.5, es;q=0.9' });
    expect(weighted.headers.location).toBe('/es');
  });

  test('an unknown cookie value is ignored in favour of the browser language', async ({
    server,
  }) => {
    const response = await get(server, '/', {
      cookie: 'i18n_redirected=xx',
      'accept-language': 'de',
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/de');
    expect(languageCookie(response).value).toBe('de');
  });

  test('no Accept-Language and no cookie → 200 in the default language', async ({ server }) => {
    const response = await get(server, '/');
    expect(response.statusCode).toBe(200);
    expect(languageCookie(response).value).toBe('en');
  });
});

describe('other paths never redirect', () => {
  test('/itineraries with Accept-Language it → 200 in English, no cookie set', async ({
    server,
  }) => {
    const response = await get(server, '/itineraries', { 'accept-language': 'it' });
    expect(response.statusCode).toBe(200);
    expect(response.headers.location).toBeUndefined();
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.body).toBe(expectedIndexHtml('en', 'ltr'));
  });

  test('/it with a cookie fr → 200 in Italian (the path wins)', async ({ server }) => {
    const response = await get(server, '/it', { cookie: 'i18n_redirected=fr' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(expectedIndexHtml('it', 'ltr'));
  });

  test('/ar/faq → 200 right-to-left', async ({ server }) => {
    const response = await get(server, '/ar/faq', { 'accept-language': 'it' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(expectedIndexHtml('ar', 'rtl'));
  });
});
