import type { Me } from '@jammy/shared/account';
import { INTERESTS } from '@jammy/shared/interests';
import { describe, expect } from 'vitest';
import { call, expectError, expectFieldError, expectStatus } from '../../../test/itinerary-helpers';
import { serverTest } from '../../../test/fixture';

const test = serverTest({ mail: 'outbox' });

describe('GET /api/interests', () => {
  test('answers the whole catalogue to anyone, cacheable', async ({ server }) => {
    const response = await call(server, null, 'GET', '/api/interests');
    expect(expectStatus(response, 200)).toEqual(INTERESTS);
    expect(INTERESTS.length).toBeGreaterThanOrEqual(16);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('PUT /api/me/interests', () => {
  test('replaces my interests (no repeats, catalogue order) and GET /api/me shows them', async ({
    server,
  }) => {
    const user = await server.traveller({ label: 'likes' });
    const first = expectStatus<Me>(
      await call(server, user, 'PUT', '/api/me/interests', {
        payload: { interests: ['wine', 'art', 'wine'] },
      }),
      200,
    );
    expect(first.interests).toEqual(['art', 'wine']);
    const second = expectStatus<Me>(
      await call(server, user, 'PUT', '/api/me/interests', { payload: { interests: ['hiking'] } }),
      200,
    );
    expect(second.interests).toEqual(['hiking']);
    expect(second.version).toBe(first.version + 1);
    expect(expectStatus<Me>(await call(server, user, 'GET', '/api/me'), 200).interests).toEqual([
      'hiking',
    ]);
    expect(
      expectStatus<Me>(
        await call(server, user, 'PUT', '/api/me/interests', { payload: { interests: [] } }),
        200,
      ).interests,
    ).toEqual([]);
  });

  test('refuses a set based on an older profile with 409 and the current one', async ({
    server,
  }) => {
    const user = await server.traveller({ label: 'two-tabs' });
    const seen = expectStatus<Me>(await call(server, user, 'GET', '/api/me'), 200);
    // Another tab saved first.
    const saved = expectStatus<Me>(
      await call(server, user, 'PUT', '/api/me/interests', {
        payload: { interests: ['art'], version: seen.version },
      }),
      200,
    );
    const stale = expectError(
      await call(server, user, 'PUT', '/api/me/interests', {
        payload: { interests: ['hiking'], version: seen.version },
      }),
      409,
      'conflict',
    );
    expect((stale.error.details as { current: Me }).current).toMatchObject({
      interests: ['art'],
      version: saved.version,
    });
    const again = expectStatus<Me>(
      await call(server, user, 'PUT', '/api/me/interests', {
        payload: { interests: ['art', 'hiking'], version: saved.version },
      }),
      200,
    );
    expect(again.interests).toEqual(['art', 'hiking']);
  });

  test('PATCH /api/me sets them too, with the other profile fields (DESIGN: one profile)', async ({
    server,
  }) => {
    const user = await server.traveller({ label: 'patcher' });
    const seen = expectStatus<Me>(await call(server, user, 'GET', '/api/me'), 200);
    const patched = expectStatus<Me>(
      await call(server, user, 'PATCH', '/api/me', {
        payload: { interests: ['food-and-drink', 'art', 'art'], version: seen.version },
      }),
      200,
    );
    expect([...patched.interests].sort()).toEqual(['art', 'food-and-drink']);
    expectFieldError(
      await call(server, user, 'PATCH', '/api/me', { payload: { interests: ['karaoke'] } }),
      'interests.0',
    );
  });

  test('answers 400 naming an unknown interest or a missing list, and 401 to strangers', async ({
    server,
  }) => {
    const user = await server.traveller({ label: 'picky' });
    const unknown = await call(server, user, 'PUT', '/api/me/interests', {
      payload: { interests: ['art', 'karaoke'] },
    });
    expectFieldError(unknown, 'interests.1');
    expect(unknown.json<{ error: { message: string } }>().error.message).toBe(
      'interests.1: is not an interest of the catalogue',
    );
    expectFieldError(
      await call(server, user, 'PUT', '/api/me/interests', { payload: {} }),
      'interests',
    );
    expectFieldError(
      await call(server, user, 'PUT', '/api/me/interests', {
        payload: { interests: [], role: 'admin' },
      }),
      'role',
    );
    expectError(
      await call(server, null, 'PUT', '/api/me/interests', { payload: { interests: ['art'] } }),
      401,
      'auth/unauthenticated',
    );
    expect(expectStatus<Me>(await call(server, user, 'GET', '/api/me'), 200).interests).toEqual([]);
  });
});

describe('the OpenAPI document', () => {
  test('describes the interests and Jammy itinerary endpoints', async ({ server }) => {
    const document = expectStatus<{ paths: Record<string, Record<string, unknown>> }>(
      await call(server, null, 'GET', '/api/openapi.json'),
      200,
    );
    expect(Object.keys(document.paths['/api/me/interests'] ?? {})).toEqual(['put']);
    expect(Object.keys(document.paths['/api/interests'] ?? {})).toEqual(['get']);
    expect(Object.keys(document.paths['/api/presets'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(document.paths['/api/presets/{id}'] ?? {}).sort()).toEqual([
      'delete',
      'get',
      'patch',
    ]);
    expect(Object.keys(document.paths['/api/presets/{id}/copy'] ?? {})).toEqual(['post']);
  });
});
