import { describe, expect, it } from 'vitest';
import { preferredEncoding } from './http-cache';

describe('preferredEncoding', () => {
  it('takes Brotli over gzip, by the client’s weights', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip;q=1.0, br;q=0.5')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*;q=0.1, br;q=0')).toBe('gzip');
  });

  it('sends the bytes as they are without a usable encoding', () => {
    expect(preferredEncoding(undefined)).toBeUndefined();
    expect(preferredEncoding('')).toBeUndefined();
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding('gzip;q=0, br;q=0')).toBeUndefined();
  });

  it('gives the same answer for a header it has seen, and reads repeated headers as one', () => {
    for (let round = 0; round < 3; round += 1) {
      expect(preferredEncoding('gzip;q=0.9, br;q=0.8')).toBe('gzip');
      expect(preferredEncoding(['br;q=0.1', 'gzip;q=0.2'])).toBe('gzip');
    }
    // More distinct headers than it remembers: each is still read right.
    for (let index = 0; index < 200; index += 1) {
      const weight = (index % 9) + 1;
      expect(preferredEncoding(`gzip;q=0.${weight}, br;q=0.5, x-${index}`)).toBe(
        weight > 5 ? 'gzip' : 'br',
      );
    }
  });
});
