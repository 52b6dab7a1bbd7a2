import type { Booking } from '@jammy/shared/bookings';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMPTY_BOOKING_FIELDS } from '../api/bookings';
import { bookingLength, elapsedMinutes, formatElapsed, layovers } from './booking-length';

let nextId = 0;
const booking = (fields: Partial<Booking>): Booking => ({
  id: `b${(nextId += 1)}`,
  itineraryId: 't1',
  kind: 'flight',
  title: 'A flight',
  ...EMPTY_BOOKING_FIELDS,
  createdAt: '2027-01-01T00:00:00.000Z',
  updatedAt: '2027-01-01T00:00:00.000Z',
  version: 1,
  ...fields,
});

const leg = (
  from: string,
  to: string,
  start: string,
  startZone: string,
  end: string,
  endZone: string,
) => booking({ fromName: from, toName: to, startAt: start, startZone, endAt: end, endZone });

const romeToNewYork = leg(
  'Rome',
  'New York',
  '2027-03-28T10:00',
  'Europe/Rome',
  '2027-03-28T13:30',
  'America/New_York',
);

describe('how long a booking lasts', () => {
  it('is the real time elapsed between the two wall clocks, across zones', () => {
    // Rome went to summer time that very night (UTC+2); New York a fortnight before (UTC−4).
    expect(elapsedMinutes(romeToNewYork)).toBe(570);
    const tokyo = leg(
      'Rome',
      'Tokyo',
      '2027-03-28T10:00',
      'Europe/Rome',
      '2027-03-29T06:00',
      'Asia/Tokyo',
    );
    expect(elapsedMinutes(tokyo)).toBe(13 * 60);
    // Kathmandu is UTC+5:45: a 1 h 15 min hop from Delhi (UTC+5:30) reads 1 h 30 min on the clocks.
    const hop = leg(
      'Delhi',
      'Kathmandu',
      '2027-05-02T09:00',
      'Asia/Kolkata',
      '2027-05-02T10:30',
      'Asia/Kathmandu',
    );
    expect(elapsedMinutes(hop)).toBe(75);
  });

  it('counts the hour lost or won when the clocks change during the trip', () => {
    const night = (start: string, end: string) =>
      elapsedMinutes(leg('A', 'B', start, 'America/New_York', end, 'America/New_York'));
    expect(night('2027-03-14T01:00', '2027-03-14T04:00')).toBe(120);
    expect(night('2027-11-07T00:30', '2027-11-07T02:30')).toBe(180);
  });

  it('has none without both times, nor for an all-day booking', () => {
    expect(
      elapsedMinutes(booking({ startAt: '2027-03-28T10:00', startZone: 'Europe/Rome' })),
    ).toBeNull();
    expect(elapsedMinutes(booking({ startDate: '2027-03-28', endDate: '2027-03-30' }))).toBeNull();
    expect(
      bookingLength(
        booking({ kind: 'accommodation', startDate: '2027-03-28', endDate: '2027-03-30' }),
      ),
    ).toBeNull();
  });

  it('counts a timed stay in nights, anything else in time', () => {
    const hotel = booking({
      kind: 'accommodation',
      startAt: '2027-03-29T15:00',
      startZone: 'Asia/Tokyo',
      endAt: '2027-04-02T11:00',
      endZone: 'Asia/Tokyo',
    });
    expect(bookingLength(hotel)).toEqual({ nights: 4 });
    expect(bookingLength(romeToNewYork)).toEqual({ minutes: 570 });
  });

  it('is never negative, and matches the instants of the two ends', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3 * 24 * 60 }),
        fc.constantFrom('Europe/Rome', 'America/New_York', 'Asia/Kathmandu', 'Australia/Lord_Howe'),
        (minutes, zone) => {
          const start = Date.UTC(2027, 2, 27, 22, 0);
          const end = start + minutes * 60_000;
          // The two ends as wall clocks: the start in UTC, the end in `zone`.
          const wall = (at: number, timeZone: string) => {
            const parts = Object.fromEntries(
              new Intl.DateTimeFormat('en-CA', {
                timeZone,
                hourCycle: 'h23',
                year: 'numeric',
                month: '2-digit',
                day: '2-digit',
                hour: '2-digit',
                minute: '2-digit',
              })
                .formatToParts(at)
                .map((part) => [part.type, part.value]),
            );
            return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
          };
          const found = elapsedMinutes(
            leg('A', 'B', wall(start, 'UTC'), 'UTC', wall(end, zone), zone),
          );
          // A wall time repeated when clocks go back reads as its second occurrence.
          expect(found).toBeGreaterThanOrEqual(minutes);
          expect((found ?? 0) - minutes).toBeLessThanOrEqual(60);
        },
      ),
    );
  });
});

describe('formatElapsed', () => {
  it('says hours and minutes in the language’s own units', () => {
    expect(formatElapsed(570, 'en')).toBe('9 hr 30 min');
    expect(formatElapsed(570, 'de')).toBe('9 Std. 30 Min.');
    expect(formatElapsed(45, 'it')).toBe('45 min');
    expect(formatElapsed(120, 'fr')).toBe('2\u202fh');
  });

  it('counts days once a booking lasts more than a day', () => {
    expect(formatElapsed(24 * 60 + 90, 'en')).toBe('1 day 1 hr 30 min');
    expect(formatElapsed(3 * 24 * 60, 'en')).toBe('3 days');
  });
});

describe('layovers', () => {
  const onward = leg(
    'New York',
    'Chicago',
    '2027-03-28T16:15',
    'America/New_York',
    '2027-03-28T17:55',
    'America/Chicago',
  );

  it('is the wait from one leg’s arrival to the next one’s departure, where it is', () => {
    const found = layovers([onward, romeToNewYork]);
    expect([...found]).toEqual([
      [onward.id, { minutes: 165, at: 'New York', from: null, to: null }],
    ]);
  });

  it('names both places when the next leg leaves from another', () => {
    const fromNewark = { ...onward, fromName: 'Newark' };
    expect(layovers([romeToNewYork, fromNewark]).get(onward.id)).toEqual({
      minutes: 165,
      at: null,
      from: 'New York',
      to: 'Newark',
    });
  });

  it('is no layover after a day or more, nor when legs overlap, nor beside a stay', () => {
    const later = leg(
      'New York',
      'Rome',
      '2027-04-02T18:00',
      'America/New_York',
      '2027-04-03T08:00',
      'Europe/Rome',
    );
    const hotel = booking({
      kind: 'accommodation',
      startAt: '2027-03-28T15:00',
      startZone: 'America/New_York',
      endAt: '2027-04-02T11:00',
      endZone: 'America/New_York',
    });
    const early = {
      ...onward,
      id: 'early',
      startAt: '2027-03-28T12:00',
      endAt: '2027-03-28T13:40',
    };
    expect(layovers([romeToNewYork, later, hotel]).size).toBe(0);
    expect(layovers([romeToNewYork, early]).size).toBe(0);
    expect(layovers([romeToNewYork, hotel, onward]).get(onward.id)?.minutes).toBe(165);
  });
});
