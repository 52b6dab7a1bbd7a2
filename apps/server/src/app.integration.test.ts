import { gunzipSync } from 'node:zlib';
import { isUuidV7 } from '@jammy/shared/ids';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { buildTestApp, type TestApp } from '../test/test-app';
import { FIXTURE_ASSET_JS, FIXTURE_ASSET_PATH } from '../test/web-dist';

let testDatabase: TestDatabase;
let testApp: TestApp;

const LARGE_ITEMS = Array.from({ length: 500 }, (_, index) => ({
  id: index,
  name: `place ${index}`,
}));

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  testApp = await buildTestApp({ databaseUrl: testDatabase.url });
  testApp.app.get('/api/test/large', async () => ({ items: LARGE_ITEMS }));
  testApp.app.get('/api/test/small', async () => ({ ok: true }));
});

afterAll(async () => {
  await testApp?.close();
  await testDatabase?.drop();
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
  for (const url of ['/', '/api/health', FIXTURE_ASSET_PATH, '/api/nothing-here']) {
    it(`GET ${url} carries a strict CSP and nosniff`, async () => {
      const response = await testApp.app.inject({ method: 'GET', url });
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

  it('no HSTS when PUBLIC_URL is http://', async () => {
    const httpApp = await buildTestApp({
      databaseUrl: testDatabase.url,
      env: { PUBLIC_URL: 'http://jammy.example' },
    });
    try {
      const response = await httpApp.app.inject({ method: 'GET', url: '/faq' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await httpApp.close();
    }
  });

  it('HSTS and upgrade-insecure-requests when PUBLIC_URL is https://', async () => {
    const httpsApp = await buildTestApp({
      databaseUrl: testDatabase.url,
      env: { PUBLIC_URL: 'https://jammy.example' },
    });
    try {
      const response = await httpsApp.app.inject({ method: 'GET', url: '/faq' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
      const csp = cspDirectives(response.headers['content-security-policy']);
      expect(csp.get('upgrade-insecure-requests')).toEqual([]);
    } finally {
      await httpsApp.close();
    }
  });
});

describe('x-request-id', () => {
  it('keeps a valid incoming id', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'lb-7f3a.9_b-42' },
    });
    expect(response.headers['x-request-id']).toBe('lb-7f3a.9_b-42');
  });

  it('replaces a malicious incoming id with a fresh UUIDv7', async () => {
    for (const incoming of ['a b\n', 'a b', '<script>', 'x'.repeat(65), '']) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': incoming },
      });
      const echoed = String(response.headers['x-request-id']);
      expect(echoed).not.toBe(incoming);
      expect(isUuidV7(echoed)).toBe(true);
    }
  });

  it('generates a different UUIDv7 for each request without one, errors included', async () => {
    const first = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    const second = await testApp.app.inject({ method: 'GET', url: '/api/nothing-here' });
    const ids = [first.headers['x-request-id'], second.headers['x-request-id']].map(String);
    expect(ids.every(isUuidV7)).toBe(true);
    expect(ids[0]).not.toBe(ids[1]);
  });
});

describe('compression', () => {
  it('gzips a large JSON response when the client accepts it', async () => {
    const response = await testApp.app.inject({
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

  it('gzips a static asset', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: FIXTURE_ASSET_PATH,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString('utf8')).toBe(FIXTURE_ASSET_JS);
  });

  it('leaves a large response plain when the client does not accept gzip', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/test/large' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ items: LARGE_ITEMS });
  });

  it('leaves a response under 1 KiB plain', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/test/small',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ ok: true });
  });
});
