import { gunzipSync } from 'node:zlib';
import { isUuidV7 } from '@jammy/shared/ids';
import { describe, expect } from 'vitest';
import { serverTest } from '../test/fixture';
import { FIXTURE_ASSET_JS, FIXTURE_ASSET_PATH } from '../test/web-dist';

const test = serverTest({ mail: 'outbox' });

const LARGE_ITEMS = Array.from({ length: 500 }, (_, index) => ({
  id: index,
  name: `place ${index}`,
}));

test.beforeAll(({ server }) => {
  server.app.get('/api/test/large', async () => ({ items: LARGE_ITEMS }));
  server.app.get('/api/test/small', async () => ({ ok: true }));
});

/** The Content-Security-Policy header as a map of directive → its sources. */
function cspDirectives(header: unknown): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

describe('security headers', () => {
  for (const url of ['/', '/faq', FIXTURE_ASSET_PATH, '/v0/b/nothing-here']) {
    test(`GET ${url} carries a strict CSP and nosniff`, async ({ server }) => {
      const response = await server.app.inject({ method: 'GET', url });
      const csp = cspDirectives(response.headers['content-security-policy']);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(String(response.headers['content-security-policy'])).not.toContain(
        "script-src 'self' 'unsafe-inline'",
      );
      expect(csp.has('upgrade-insecure-requests')).toBe(false);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(response.headers['x-powered-by']).toBeUndefined();
    });
  }

  // An answer of the API is data, never a page: a policy that lets it load nothing, and none
  // of the headers only a document uses (about half the bytes of a small answer).
  for (const url of ['/api/health', '/api/session', '/api/nothing-here']) {
    test(`GET ${url} carries the API's short policy and nosniff`, async ({ server }) => {
      const response = await server.app.inject({ method: 'GET', url });
      const csp = cspDirectives(response.headers['content-security-policy']);
      expect([...csp]).toEqual([
        ['default-src', ["'none'"]],
        ['frame-ancestors', ["'none'"]],
      ]);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      for (const documentOnly of [
        // frame-ancestors 'none' says it to every browser that runs Jammy's pages.
        'x-frame-options',
        'referrer-policy',
        'cross-origin-opener-policy',
        'origin-agent-cluster',
        'x-dns-prefetch-control',
        'x-download-options',
        'x-permitted-cross-domain-policies',
        'x-xss-protection',
        'strict-transport-security',
        'x-powered-by',
      ]) {
        expect(response.headers[documentOnly], documentOnly).toBeUndefined();
      }
    });
  }

  test('the API’s reference pages (/api/docs) keep their own policy, which lets them run', async ({
    server,
  }) => {
    const response = await server.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const csp = cspDirectives(response.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')?.[0]).toBe("'self'");
  });

  test('an answer not to be kept (no-store) carries no ETag: nothing will ask for it again', async ({
    server,
  }) => {
    const traveller = await server.traveller();
    for (const url of ['/api/session', '/api/me', '/api/health']) {
      const response = await server.client(traveller).get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
      expect(response.headers.etag, url).toBeUndefined();
    }
    // A kept one still has one, and its 304.
    const list = await server.client(traveller).get('/api/itineraries');
    expect(list.headers['cache-control']).toBe('private, no-cache');
    const again = await server
      .client(traveller)
      .get('/api/itineraries', { headers: { 'if-none-match': String(list.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  test('no HSTS when PUBLIC_URL is http://', async ({ server }) => {
    const httpApp = await server.another({ PUBLIC_URL: 'http://jammy.example' });
    const response = await httpApp.app.inject({ method: 'GET', url: '/faq' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  test('HSTS and upgrade-insecure-requests when PUBLIC_URL is https://', async ({ server }) => {
    const httpsApp = await server.another({ PUBLIC_URL: 'https://jammy.example' });
    const response = await httpsApp.app.inject({ method: 'GET', url: '/faq' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    const csp = cspDirectives(response.headers['content-security-policy']);
    expect(csp.get('upgrade-insecure-requests')).toEqual([]);
    const api = await httpsApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('x-request-id', () => {
  test('keeps a valid incoming id', async ({ server }) => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-7f3a.9_b-42' },
    });
    expect(response.headers['x-request-id']).toBe('lb-7f3a.9_b-42');
  });

  test('replaces a malicious incoming id with a fresh UUIDv7', async ({ server }) => {
    for (const incoming of ['a b\n', 'a b', '<script>', 'x'.repeat(65), '']) {
      const response = await server.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': incoming },
      });
      const echoed = String(response.headers['x-request-id']);
      expect(echoed).not.toBe(incoming);
      expect(isUuidV7(echoed)).toBe(true);
    }
  });

  test('generates a different UUIDv7 for each request without one, errors included', async ({
    server,
  }) => {
    const first = await server.app.inject({ method: 'GET', url: '/api/health' });
    const second = await server.app.inject({ method: 'GET', url: '/api/nothing-here' });
    const ids = [first.headers['x-request-id'], second.headers['x-request-id']].map(String);
    expect(ids.every(isUuidV7)).toBe(true);
    expect(ids[0]).not.toBe(ids[1]);
  });
});

describe('compression', () => {
  test('gzips a large JSON response when the client accepts it', async ({ server }) => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/test/large',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    const body: unknown = JSON.parse(gunzipSync(response.rawPayload).toString('utf8'));
    expect(body).toEqual({ items: LARGE_ITEMS });
  });

  test('gzips a static asset', async ({ server }) => {
    const response = await server.app.inject({
      method: 'GET',
      url: FIXTURE_ASSET_PATH,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString('utf8')).toBe(FIXTURE_ASSET_JS);
  });

  test('leaves a large response plain when the client does not accept gzip', async ({ server }) => {
    const response = await server.app.inject({ method: 'GET', url: '/api/test/large' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ items: LARGE_ITEMS });
  });

  test('leaves a response under 1 KiB plain', async ({ server }) => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/test/small',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ ok: true });
  });
});
