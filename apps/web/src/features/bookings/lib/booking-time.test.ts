import type { Booking } from '@jammy/shared/bookings';
import { describe, expect, it } from 'vitest';
import { EMPTY_BOOKING_FIELDS } from '../api/bookings';
import { bookingTimes, groupByDay, zoneLabel } from './booking-time';

const booking = (fields: Partial<Booking>): Booking => ({
  id: 'b1',
  itineraryId: 't1',
  kind: 'flight',
  title: 'Rome to Tokyo',
  ...EMPTY_BOOKING_FIELDS,
  createdAt: '2027-01-01T00:00:00.000Z',
  updatedAt: '2027-01-01T00:00:00.000Z',
  version: 1,
  ...fields,
});

const flight = booking({
  startAt: '2027-03-28T10:00',
  startZone: 'Europe/Rome',
  endAt: '2027-03-29T06:00',
  endZone: 'Asia/Tokyo',
});

describe('booking times', () => {
  it('names the zone by its offset at the time of the booking (summer time in Rome)', () => {
    expect(zoneLabel('Europe/Rome', '2027-03-28T10:00', 'en')).toContain('GMT+2');
    expect(zoneLabel('Europe/Rome', '2027-03-27T10:00', 'en')).toContain('GMT+1');
    expect(zoneLabel('Asia/Tokyo', '2027-03-29T06:00', 'en')).toContain('GMT+9');
  });

  it('shows wall-clock times, the arrival date when another day, and zones not the trip’s', () => {
    const inRome = bookingTimes(flight, 'Europe/Rome', 'en');
    expect(inRome.start).toEqual({ time: '10:00 AM', zone: null });
    expect(inRome.end?.time).toBe('6:00 AM');
    expect(inRome.end?.date).toBe('Mon, Mar 29');
    expect(inRome.end?.zone).toContain('GMT+9');
    const inTokyo = bookingTimes(flight, 'Asia/Tokyo', 'en');
    expect(inTokyo.start?.zone).toContain('GMT+2');
    // The arrival's zone is the trip's, but not the departure's: still named.
    expect(inTokyo.end?.zone).toContain('GMT+9');
    const sameZone = bookingTimes(
      booking({
        startAt: '2027-03-29T15:00',
        startZone: 'Asia/Tokyo',
        endAt: '2027-03-29T18:00',
        endZone: 'Asia/Tokyo',
      }),
      'Asia/Tokyo',
      'en',
    );
    expect(sameZone).toEqual({
      allDay: null,
      start: { time: '3:00 PM', zone: null },
      end: { time: '6:00 PM', date: null, zone: null },
    });
  });

  it('says all day, and the last day of a longer one, without a time or zone', () => {
    const stay = booking({ kind: 'accommodation', startDate: '2027-03-28', endDate: '2027-03-31' });
    expect(bookingTimes(stay, 'Asia/Tokyo', 'en')).toEqual({
      allDay: { until: 'Wed, Mar 31' },
      start: null,
      end: null,
    });
    expect(bookingTimes({ ...stay, endDate: null }, 'Asia/Tokyo', 'de').allDay).toEqual({
      until: null,
    });
    expect(groupByDay([stay, flight]).map((day) => day.date)).toEqual(['2027-03-28']);
  });

  it('groups by the wall-clock date of the start, undated last', () => {
    const days = groupByDay([
      flight,
      booking({ id: 'b2', startAt: '2027-03-28T20:00', startZone: 'Asia/Tokyo' }),
      booking({ id: 'b3', startAt: '2027-03-29T15:00', startZone: 'Asia/Tokyo' }),
      booking({ id: 'b4' }),
    ]);
    expect(days.map((day) => [day.date, day.bookings.map((each) => each.id)])).toEqual([
      ['2027-03-28', ['b1', 'b2']],
      ['2027-03-29', ['b3']],
      [null, ['b4']],
    ]);
  });
});
