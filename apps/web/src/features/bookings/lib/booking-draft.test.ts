import type { Booking } from '@jammy/shared/bookings';
import { describe, expect, it } from 'vitest';
import { draftOf, emptyDraft, payloadOf, pickEndpoint, validateDraft } from './booking-draft';

const hotel = {
  ...emptyDraft('Europe/Rome', 'EUR'),
  kind: 'accommodation' as const,
  title: 'Roma',
};

describe('a booking cost as typed', () => {
  it('starts in the trip’s currency', () => {
    expect(emptyDraft('Europe/Rome', 'EUR').currency).toBe('EUR');
    expect(emptyDraft('Europe/Rome', null).currency).toBeNull();
  });

  it('keeps a trailing zero and reads a comma as the decimal mark', () => {
    expect(payloadOf({ ...hotel, cost: '612.40' }, 'en')).toMatchObject({
      costMinor: 61240,
      currency: 'EUR',
    });
    expect(payloadOf({ ...hotel, cost: '45.90' }, 'en').costMinor).toBe(4590);
    expect(payloadOf({ ...hotel, cost: '45,90' }, 'de').costMinor).toBe(4590);
    expect(payloadOf({ ...hotel, cost: '45,90' }, 'en').costMinor).toBe(4590);
    expect(payloadOf({ ...hotel, cost: '' }, 'en')).toMatchObject({
      costMinor: null,
      currency: null,
    });
  });

  it('refuses a negative cost, and a cost without a currency on the currency field', () => {
    expect(validateDraft({ ...hotel, cost: '-20' }, 'en')).toEqual({
      cost: { problem: 'negative' },
    });
    expect(validateDraft({ ...hotel, cost: '20', currency: null }, 'en')).toEqual({
      currency: 'validation.currency',
    });
    expect(() => payloadOf({ ...hotel, cost: '-20' }, 'en')).toThrow(RangeError);
  });

  it('shows a saved cost in the language’s form', () => {
    const booking = { costMinor: 61240, currency: 'EUR' } as Partial<Booking>;
    const base = payloadOf(hotel, 'en');
    const saved = { ...base, ...booking, id: 'b', version: 1 } as unknown as Booking;
    expect(draftOf(saved, 'Europe/Rome', 'de').cost).toBe('612,40');
    expect(draftOf(saved, 'Europe/Rome', 'en').cost).toBe('612.40');
  });
});

describe('a place picked as a booking’s From or To', () => {
  const flight = { ...emptyDraft('UTC', null), title: 'Rome to New York' };
  const place = (name: string, lat: number, lng: number, timezone: string | null) => ({
    name,
    lat,
    lng,
    country: 'XX',
    timezone,
  });

  it('sets the departure’s zone from the From place, the arrival’s from the To place', () => {
    const from = pickEndpoint(flight, 'from', place('Rome', 41.89, 12.48, 'Europe/Rome'));
    expect(from.from).toEqual({ name: 'Rome', lat: 41.89, lng: 12.48, countryCode: 'XX' });
    expect(from.startZone).toBe('Europe/Rome');
    expect(from.endZone).toBe('UTC');
    const to = pickEndpoint(from, 'to', place('New York', 40.71, -74.01, 'America/New_York'));
    expect(to.to.name).toBe('New York');
    expect(to.startZone).toBe('Europe/Rome');
    expect(to.endZone).toBe('America/New_York');
  });

  it('keeps the zone as it was for a place without one (at sea)', () => {
    const picked = pickEndpoint(flight, 'to', place('Nowhere', 0, -30, null));
    expect(picked.endZone).toBe('UTC');
    expect(picked.to.lat).toBe(0);
  });
});
