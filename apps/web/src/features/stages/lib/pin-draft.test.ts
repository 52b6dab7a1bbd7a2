import { describe, expect, it } from 'vitest';
import { EMPTY_PIN, pinAt, pinPosition, readPin } from './pin-draft';

describe('pin drafts', () => {
  it('reads coordinates typed with a decimal comma and a minus sign', () => {
    const pin = { ...EMPTY_PIN, name: ' Pantheon ', lat: '41,9', lng: '12,5' };
    expect(readPin(pin, 'de')).toEqual({
      ok: true,
      pick: {
        name: 'Pantheon',
        category: 'sight',
        lat: 41.9,
        lng: 12.5,
        address: null,
        origin: 'pin',
      },
    });
    const madrid = readPin({ ...pin, lat: '40,416775', lng: '−3,70379' }, 'de');
    expect(madrid.ok && [madrid.pick.lat, madrid.pick.lng]).toEqual([40.416775, -3.70379]);
    const arabic = readPin({ ...pin, lat: '٤١٫٩', lng: '١٢٫٥' }, 'ar');
    expect(arabic.ok && [arabic.pick.lat, arabic.pick.lng]).toEqual([41.9, 12.5]);
  });

  it('says what is wrong with each field', () => {
    expect(readPin(EMPTY_PIN, 'de')).toEqual({
      ok: false,
      errors: { name: 'validation.required', lat: 'empty', lng: 'empty' },
    });
    expect(readPin({ ...EMPTY_PIN, name: 'X', lat: '95', lng: '12,1234567' }, 'de')).toEqual({
      ok: false,
      errors: { lat: 'out-of-range', lng: 'too-precise' },
    });
    expect(readPin({ ...EMPTY_PIN, name: 'X', lat: '41° N', lng: '-181' }, 'en')).toEqual({
      ok: false,
      errors: { lat: 'not-a-number', lng: 'out-of-range' },
    });
  });

  it('writes a point clicked on the map as the fields show it, on the first copy of the world', () => {
    const pin = pinAt(EMPTY_PIN, { lat: 41.902782512, lng: 12.496365 }, 'de');
    expect([pin.lat, pin.lng]).toEqual(['41,902783', '12,496365']);
    expect(pinAt(EMPTY_PIN, { lat: -33.8688, lng: 151.2093 - 360 }, 'en').lng).toBe('151.2093');
    expect(pinAt(EMPTY_PIN, { lat: 0, lng: 360 - 3.7 }, 'fr').lng).toBe('-3,7');
  });

  it('shows the typed pin on the map once both coordinates read', () => {
    expect(pinPosition({ ...EMPTY_PIN, lat: '41,9', lng: '12,5' }, 'it')).toEqual({
      lat: 41.9,
      lng: 12.5,
    });
    expect(pinPosition({ ...EMPTY_PIN, lat: '41,9', lng: '' }, 'it')).toBeNull();
  });
});
