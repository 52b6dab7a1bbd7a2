import type { Booking } from '@jammy/shared/bookings';
import { describe, expect, it } from 'vitest';
import { draftOf, emptyDraft, payloadOf, validateDraft } from './booking-draft';

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
