import { describe, expect, it } from 'vitest';
import { parseRetryAfter, probeStream, retryDelay, RETRY_MS } from './stream-retry';

describe('retryDelay', () => {
  it('waits at least the Retry-After of a busy server, spread over half of it again', () => {
    expect(retryDelay(0, 3, () => 0)).toBe(3000);
    expect(retryDelay(0, 3, () => 0.999_999)).toBe(4500);
    expect(retryDelay(4, 2, () => 0.5)).toBe(2500);
  });

  it('without Retry-After, backs off step by step with jitter between half and all of a step', () => {
    for (const [failures, step] of RETRY_MS.entries()) {
      expect(retryDelay(failures, null, () => 0)).toBe(step / 2);
      expect(retryDelay(failures, null, () => 0.999_999)).toBe(step);
    }
    expect(retryDelay(99, null, () => 0.999_999)).toBe(30_000);
  });

  it('spreads a thousand clients told the same Retry-After over the whole window', () => {
    const waits = Array.from({ length: 1000 }, () => retryDelay(0, 2));
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(2000);
    expect(Math.max(...waits)).toBeLessThanOrEqual(3000);
    // No single 100 ms slot holds more than a fifth of them.
    const slots = new Map<number, number>();
    for (const wait of waits)
      slots.set(Math.floor(wait / 100), (slots.get(Math.floor(wait / 100)) ?? 0) + 1);
    expect(Math.max(...slots.values())).toBeLessThan(200);
  });

  it('caps an absurd Retry-After at five minutes', () => {
    expect(retryDelay(0, 86_400, () => 0)).toBe(300_000);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    expect(parseRetryAfter('4')).toBe(4);
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
    const now = Date.parse('2027-01-01T00:00:00Z');
    expect(parseRetryAfter('Fri, 01 Jan 2027 00:00:10 GMT', now)).toBe(10);
  });
});

describe('probeStream', () => {
  const answer = (status: number, headers: Record<string, string> = {}) =>
    (async () => new Response(null, { status, headers })) as typeof fetch;

  it('retries a 503 after its Retry-After', async () => {
    expect(await probeStream('/events', answer(503, { 'retry-after': '3' }))).toEqual({
      kind: 'retry',
      retryAfterSeconds: 3,
    });
  });

  it('retries a 500 or a network failure on the back-off schedule', async () => {
    expect(await probeStream('/events', answer(500))).toEqual({
      kind: 'retry',
      retryAfterSeconds: null,
    });
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect(await probeStream('/events', offline)).toEqual({
      kind: 'retry',
      retryAfterSeconds: null,
    });
  });

  it('stops when signed out or no longer a member, reopens when the stream answers', async () => {
    expect(await probeStream('/events', answer(401))).toEqual({ kind: 'stop' });
    expect(await probeStream('/events', answer(404))).toEqual({ kind: 'stop' });
    expect(await probeStream('/events', answer(200))).toEqual({ kind: 'open' });
  });

  it('closes the probe at once (its answer is never read)', async () => {
    let signal: AbortSignal | undefined;
    const fetcher = (async (_url: string, init?: RequestInit) => {
      signal = init?.signal ?? undefined;
      return new Response('data', { status: 200 });
    }) as typeof fetch;
    await probeStream('/events', fetcher);
    expect(signal?.aborted).toBe(true);
  });
});
