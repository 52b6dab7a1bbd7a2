import { JSON_BODY_LIMIT_BYTES } from '@jammy/shared/constants';
import { describe, expect } from 'vitest';
import { z } from 'zod';
import { AppError, parseInput } from './errors';
import { serverTest } from '../../test/fixture';

const test = serverTest({ mail: 'outbox' });

const INTERNAL_BODY = {
  error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' },
};

const itinerarySchema = z.object({
  title: z.string().min(1),
  stage: z.object({ lat: z.number().min(-90).max(90) }),
});

test.beforeAll(async ({ server }) => {
  // Test-only routes, added before the first inject makes the app ready.
  const { app } = server;
  app.post('/api/test/echo', async (request) => ({ received: request.body }));
  app.post('/api/test/validate', async (request) => parseInput(itinerarySchema, request.body));
  app.get('/api/test/app-error', async () => {
    throw new AppError('conflict', 'The itinerary changed meanwhile', { currentVersion: 4 });
  });
  app.get('/api/test/auth-error', async () => {
    throw new AppError('auth/unauthenticated', 'Sign in first');
  });
  app.get('/api/test/crash', async () => {
    throw new Error('connection to db-internal-host:5432 refused (secret detail)');
  });
  app.get('/api/test/crash-with-status', async () => {
    throw Object.assign(new Error('upstream exploded (secret detail)'), { statusCode: 502 });
  });
});

describe('unknown API routes', () => {
  for (const method of ['GET', 'POST'] as const) {
    test(`${method} /api/whatever → 404 route/not-found as JSON`, async ({ server }) => {
      const response = await server.app.inject({ method, url: '/api/whatever?x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.json()).toEqual({
        error: { code: 'route/not-found', message: `No route ${method} /api/whatever` },
      });
    });
  }

  test('GET /api itself → 404 JSON, not the SPA page', async ({ server }) => {
    const response = await server.app.inject({ method: 'GET', url: '/api' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'route/not-found', message: 'No route GET /api' },
    });
  });

  test('a POST to a page path → 404 JSON (pages are only GET or HEAD)', async ({ server }) => {
    const response = await server.app.inject({ method: 'POST', url: '/itineraries' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'route/not-found', message: 'No route POST /itineraries' },
    });
  });
});

describe('malformed URLs', () => {
  // Fastify rejects a bad percent-encoding before routing; the answer keeps our format.
  test('GET /api/… with a broken %-encoding → 400 in the JSON error format', async ({ server }) => {
    const response = await server.app.inject({ method: 'GET', url: '/api/test/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'request/invalid', message: 'The address is not valid' },
    });
  });

  test('a page address with a broken %-encoding → 404', async ({ server }) => {
    const response = await server.app.inject({ method: 'GET', url: '/itinerary/%E0%A4%A' });
    expect(response.statusCode).toBe(404);
  });
});

describe('request bodies', () => {
  test('accepts well-formed JSON', async ({ server }) => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { hello: 'world' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: { hello: 'world' } });
  });

  test('malformed JSON → 400 request/malformed-json', async ({ server }) => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"hello": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'request/malformed-json', message: 'The request body is not valid JSON' },
    });
  });

  test('an empty body declared as JSON → 400 request/malformed-json', async ({ server }) => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'request/malformed-json',
        message: 'The request body is empty but its content type is JSON',
      },
    });
  });

  test('a JSON body over 1 MiB → 413 request/too-large', async ({ server }) => {
    const payload = JSON.stringify({ padding: 'x'.repeat(JSON_BODY_LIMIT_BYTES) });
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: { code: 'request/too-large', message: 'The request body is too large' },
    });
  });

  test('a JSON body just under 1 MiB is accepted', async ({ server }) => {
    const payload = JSON.stringify({ padding: 'x'.repeat(JSON_BODY_LIMIT_BYTES - 100) });
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(200);
  });

  test('an unsupported content type → 415 request/unsupported-media-type', async ({ server }) => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<hello>world</hello>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      error: {
        code: 'request/unsupported-media-type',
        message: 'This content type is not accepted here',
      },
    });
  });
});

describe('thrown errors', () => {
  test('an AppError answers with its status and body, details included', async ({ server }) => {
    const response = await server.app.inject({ method: 'GET', url: '/api/test/app-error' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: {
        code: 'conflict',
        message: 'The itinerary changed meanwhile',
        details: { currentVersion: 4 },
      },
    });
  });

  test('an AppError without details has no details key', async ({ server }) => {
    const response = await server.app.inject({ method: 'GET', url: '/api/test/auth-error' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toStrictEqual({
      error: { code: 'auth/unauthenticated', message: 'Sign in first' },
    });
  });

  for (const url of ['/api/test/crash', '/api/test/crash-with-status']) {
    test(`a plain Error (${url}) → 500 internal, without its message or stack`, async ({
      server,
    }) => {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toStrictEqual(INTERNAL_BODY);
      expect(response.body).not.toContain('secret detail');
      expect(response.body).not.toContain('stack');
      expect(response.body).not.toMatch(/\bat .*\.ts:\d+/);
    });
  }
});

describe('validation with parseInput', () => {
  test('a missing field → 400 request/invalid naming it', async ({ server }) => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/test/validate',
      payload: { stage: { lat: 10 } },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{
      error: { code: string; message: string; details: { issues: { field: string }[] } };
    }>();
    expect(body.error.code).toBe('request/invalid');
    expect(body.error.message).toMatch(/^title: /);
    expect(body.error.details.issues).toEqual([{ field: 'title', message: expect.any(String) }]);
  });

  test('a nested field out of range is named by its dotted path, every failure listed', async ({
    server,
  }) => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/test/validate',
      payload: { title: '', stage: { lat: 91 } },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ error: { message: string; details: { issues: unknown[] } } }>();
    expect(body.error.message).toMatch(/^title: /);
    expect(body.error.details.issues).toEqual([
      { field: 'title', message: expect.any(String) },
      { field: 'stage.lat', message: expect.any(String) },
    ]);
  });

  test('valid input passes through', async ({ server }) => {
    const payload = { title: 'Sicily', stage: { lat: 37.5 } };
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/test/validate',
      payload,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(payload);
  });
});
