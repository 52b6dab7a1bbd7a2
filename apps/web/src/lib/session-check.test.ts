import { SESSION_EXPIRY_SKEW_MS } from '@jammy/shared/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkSession } from './session-check';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const HOUR = 60 * 60 * 1000;

/** Stubs fetch with one answer, and returns the stub to see what was asked. */
function answer(status: number, body: unknown) {
  const fetch = vi.fn(
    async () =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('checkSession', () => {
  it('asks better-auth past its cookie cache, and reads a live session and its expiry', async () => {
    const expiresAt = new Date(NOW + 7 * 24 * HOUR).toISOString();
    const fetch = answer(200, { session: { id: 's', expiresAt }, user: { id: 'u' } });

    await expect(checkSession(NOW)).resolves.toEqual({
      state: 'live',
      expiresAt: Date.parse(expiresAt),
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/auth/get-session?disableCookieCache=true');
    expect(init.credentials).toBe('same-origin');
  });

  it('says ended when the server has no session (null) or answers 401', async () => {
    answer(200, null);
    await expect(checkSession(NOW)).resolves.toEqual({ state: 'ended' });
    answer(401, { error: { code: 'auth/unauthenticated', message: 'Sign in first' } });
    await expect(checkSession(NOW)).resolves.toEqual({ state: 'ended' });
  });

  it('says ended for a session about to expire (within the skew)', async () => {
    const expiresAt = new Date(NOW + SESSION_EXPIRY_SKEW_MS - 1).toISOString();
    answer(200, { session: { expiresAt }, user: { id: 'u' } });
    await expect(checkSession(NOW)).resolves.toEqual({ state: 'ended' });
  });

  it('says unknown, never ended, without a usable answer', async () => {
    answer(503, { error: { code: 'server/unavailable', message: 'Busy' } });
    await expect(checkSession(NOW)).resolves.toEqual({ state: 'unknown' });
    answer(200, { session: { expiresAt: 'not a date' } });
    await expect(checkSession(NOW)).resolves.toEqual({ state: 'unknown' });
    answer(200, '<html>proxy</html>');
    await expect(checkSession(NOW)).resolves.toEqual({ state: 'unknown' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(checkSession(NOW)).resolves.toEqual({ state: 'unknown' });
  });
});
