import { createBookingSchema, type Booking } from '@jammy/shared/bookings';
import { describe, expect, it } from 'vitest';
import { fieldErrorsOf, issuesOfSchema } from '../../../components/form/field-error';
import {
  BOOKING_FIELDS_OF_BODY,
  BOOKING_MESSAGES,
  draftOf,
  emptyDraft,
  payloadOf,
  pickEndpoint,
  typedProblems,
  type BookingDraft,
} from './booking-draft';

/**
 * What the booking form refuses in a draft before sending it, as the form kit finds it: the
 * cost as typed first, then the shared schema's issues, each on its field as the key of the
 * booking form's message for it.
 */
function validateDraft(
  draft: BookingDraft,
  language: string,
): Partial<Record<keyof BookingDraft, unknown>> {
  const typed = typedProblems(draft, language);
  if (Object.keys(typed).length > 0) return typed;
  const parsed = createBookingSchema.safeParse(payloadOf(draft, language));
  if (parsed.success) return {};
  const errors = fieldErrorsOf(issuesOfSchema(parsed.error), draft, BOOKING_FIELDS_OF_BODY);
  return Object.fromEntries(
    Object.entries(errors).map(([field, error]) => [
      field,
      error && BOOKING_MESSAGES[field as keyof BookingDraft]?.[error.kind as 'invalid'],
    ]),
  );
}

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

describe('booking draft', () => {
  it('refuses an arrival before the departure in their own zones', () => {
    const draft = {
      ...emptyDraft('Europe/Rome', null),
      title: 'Flight',
      startAt: '2027-03-28T10:00',
      endAt: '2027-03-28T06:00',
      endZone: 'Asia/Tokyo',
    };
    expect(validateDraft(draft, 'en').endAt).toBe('validation.endBeforeStart');
    expect(validateDraft({ ...draft, endAt: '2027-03-28T17:30' }, 'en')).toEqual({});
  });

  it('sends an all-day booking as days alone, and checks the last day', () => {
    const draft = {
      ...emptyDraft('Asia/Tokyo', null),
      kind: 'accommodation' as const,
      title: 'Hotel Sakura',
      allDay: true,
      startAt: '2027-03-28T15:00',
      startDate: '2027-03-28',
      endDate: '2027-03-31',
    };
    expect(payloadOf(draft, 'en')).toMatchObject({
      startDate: '2027-03-28',
      endDate: '2027-03-31',
      startAt: null,
      startZone: null,
      endAt: null,
      endZone: null,
    });
    expect(validateDraft(draft, 'en')).toEqual({});
    expect(validateDraft({ ...draft, endDate: '2027-03-27' }, 'en').endDate).toBe(
      'validation.endBeforeStart',
    );
    expect(validateDraft({ ...draft, startDate: '' }, 'en').startDate).toBe('validation.firstDay');
    // Timed again: the days are not sent.
    expect(payloadOf({ ...draft, allDay: false }, 'en')).toMatchObject({
      startDate: null,
      endDate: null,
      startAt: '2027-03-28T15:00',
      startZone: 'Asia/Tokyo',
    });
  });

  it('sends costs in minor units and clears what the kind does not ask for', () => {
    const draft = {
      ...emptyDraft('Asia/Tokyo', null),
      kind: 'accommodation' as const,
      title: 'Hotel Sakura',
      number: '42',
      address: ' 1-2-3 Shinjuku ',
      cost: '52000',
      currency: 'JPY',
    };
    expect(payloadOf(draft, 'en')).toMatchObject({
      number: null,
      address: '1-2-3 Shinjuku',
      costMinor: 52000,
      currency: 'JPY',
      startAt: null,
      startZone: null,
    });
    expect(payloadOf({ ...draft, cost: '12.50', currency: 'EUR' }, 'en').costMinor).toBe(1250);
    expect(validateDraft({ ...draft, cost: '12.5' }, 'en').cost).toEqual({
      problem: 'too-precise',
    });
  });
});
