import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirect';

describe('safeRedirect', () => {
  it('keeps a local path with its query and hash', () => {
    expect(safeRedirect('/itinerary/abc?x=1#notes', '/home')).toBe('/itinerary/abc?x=1#notes');
    expect(safeRedirect('/it/itineraries', '/home')).toBe('/it/itineraries');
  });

  it.each([
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    'javascript:alert(1)',
    'itineraries',
    '',
    null,
    undefined,
  ])('refuses %s', (value) => {
    expect(safeRedirect(value, '/home')).toBe('/home');
  });
});
