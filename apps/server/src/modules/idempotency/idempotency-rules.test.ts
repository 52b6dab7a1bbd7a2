import { IDEMPOTENCY_KEY_TTL_MS } from '@jammy/shared/constants';
import { describe, expect, it } from 'vitest';
import { CLAIM_LEASE_MS, decide, hashBody, isValidKey, type StoredKey } from './idempotency-rules';

const request = { method: 'POST', path: '/api/itineraries/x/places', bodyHash: hashBody({ a: 1 }) };
const stored = (patch: Partial<StoredKey> = {}): StoredKey => ({
  ...request,
  status: 201,
  createdAt: new Date('2027-01-01T00:00:00Z'),
  ...patch,
});
const at = (ms: number) => new Date('2027-01-01T00:00:00Z').getTime() + ms;

describe('idempotency keys', () => {
  it('accepts 1 to 200 visible ASCII characters as a key', () => {
    expect(isValidKey('0190f3c2-7a51-7000-8000-00000000beef')).toBe(true);
    expect(isValidKey('x'.repeat(200))).toBe(true);
    expect(isValidKey('x'.repeat(201))).toBe(false);
    expect(isValidKey('')).toBe(false);
    expect(isValidKey('with space')).toBe(false);
    expect(isValidKey('clé')).toBe(false);
  });

  it('hashes bodies so that equal bodies match and others do not', () => {
    expect(hashBody({ a: 1 })).toBe(hashBody({ a: 1 }));
    expect(hashBody({ a: 1 })).not.toBe(hashBody({ a: 2 }));
    expect(hashBody(undefined)).toBe(hashBody(null));
    expect(hashBody(undefined)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('replays an answered request, and waits for one still being handled', () => {
    expect(decide(stored(), request, at(1000))).toBe('replay');
    expect(decide(stored({ status: null }), request, at(1000))).toBe('in-progress');
  });

  it('takes a claim never answered within its lease as abandoned by a process that died', () => {
    const claimed = stored({ status: null });
    expect(decide(claimed, request, at(CLAIM_LEASE_MS - 1))).toBe('in-progress');
    expect(decide(claimed, request, at(CLAIM_LEASE_MS))).toBe('abandoned');
    expect(decide(stored(), request, at(CLAIM_LEASE_MS))).toBe('replay');
    expect(decide(claimed, { ...request, method: 'PATCH' }, at(CLAIM_LEASE_MS))).toBe('mismatch');
  });

  it('refuses the key for another method, address or body', () => {
    expect(decide(stored(), { ...request, method: 'PATCH' }, at(0))).toBe('mismatch');
    expect(decide(stored(), { ...request, path: '/api/itineraries/y/places' }, at(0))).toBe(
      'mismatch',
    );
    expect(decide(stored(), { ...request, bodyHash: hashBody({ a: 2 }) }, at(0))).toBe('mismatch');
  });

  it('honours a key for 24 hours, then forgets it', () => {
    expect(decide(stored(), request, at(IDEMPOTENCY_KEY_TTL_MS - 1))).toBe('replay');
    expect(decide(stored(), request, at(IDEMPOTENCY_KEY_TTL_MS))).toBe('expired');
    expect(decide(stored(), { ...request, method: 'DELETE' }, at(IDEMPOTENCY_KEY_TTL_MS))).toBe(
      'expired',
    );
  });
});
