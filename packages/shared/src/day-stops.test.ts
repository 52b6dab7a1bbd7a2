import { describe, expect, it } from 'vitest';
import { dayStops, type DayBooking, type DayPlace } from './day-stops';

const DAY = '2027-04-03';

const place = (id: string, overrides: Partial<DayPlace> = {}): DayPlace => ({
  id,
  name: id,
  category: 'sight',
  day: DAY,
  time: null,
  durationMinutes: null,
  openingHours: null,
  lat: 38.7,
  lng: -9.2,
  ...overrides,
});

const booking = (id: string, overrides: Partial<DayBooking>): DayBooking => ({
  id,
  kind: 'other',
  title: id,
  placeId: null,
  fromLat: null,
  fromLng: null,
  toLat: null,
  toLng: null,
  startAt: null,
  endAt: null,
  startDate: null,
  endDate: null,
  ...overrides,
});

const hotel = place('hotel', { category: 'lodging', day: null, lat: 38.71, lng: -9.14 });
const stay = booking('stay', {
  kind: 'accommodation',
  placeId: 'hotel',
  startDate: '2027-04-02',
  endDate: '2027-04-05',
});
const dinner = booking('dinner', {
  kind: 'restaurant',
  startAt: `${DAY}T20:00`,
  fromLat: 38.72,
  fromLng: -9.15,
});

describe('the stops of a day', () => {
  it('runs from the night’s stay through the day’s places to the day’s last booking', () => {
    const stops = dayStops(
      DAY,
      [hotel, place('a'), place('b', { day: '2027-04-04' }), place('c')],
      [stay, dinner],
    );
    expect(stops.start).toMatchObject({ name: 'stay', placeId: 'hotel', lat: 38.71, time: null });
    expect(stops.end).toMatchObject({
      name: 'dinner',
      bookingId: 'dinner',
      lat: 38.72,
      time: '20:00',
    });
    expect(stops.stops.map((stop) => stop.placeId)).toEqual(['a', 'c']);
  });

  it('ends at the stay when nothing is booked later, and starts at an arrival at its time', () => {
    const flight = booking('flight', {
      kind: 'flight',
      startAt: `${DAY}T07:00`,
      endAt: `${DAY}T09:40`,
      fromLat: 52.3,
      fromLng: 4.76,
      toLat: 38.77,
      toLng: -9.13,
    });
    const checkIn = { ...stay, startDate: DAY };
    const stops = dayStops(DAY, [hotel, place('a')], [flight, checkIn]);
    expect(stops.start).toMatchObject({ bookingId: 'flight', lat: 38.77, time: '09:40' });
    expect(stops.end).toMatchObject({ bookingId: 'stay', placeId: 'hotel' });
  });

  it('ends at a departure’s point of departure, at its time', () => {
    const train = booking('train', {
      kind: 'train',
      startAt: `${DAY}T18:05`,
      fromLat: 38.71,
      fromLng: -9.12,
      toLat: 41.15,
      toLng: -8.6,
    });
    const stops = dayStops(DAY, [place('a')], [train]);
    expect(stops.start).toBeNull();
    expect(stops.end).toMatchObject({ bookingId: 'train', lat: 38.71, time: '18:05' });
  });

  it('puts a timed booking before the first place planned later, and times a booked place', () => {
    const tour = booking('tour', {
      kind: 'activity',
      startAt: `${DAY}T11:00`,
      fromLat: 1,
      fromLng: 2,
    });
    const museum = booking('museum-ticket', {
      kind: 'activity',
      placeId: 'b',
      startAt: `${DAY}T15:00`,
    });
    const stops = dayStops(
      DAY,
      [place('a', { time: '10:00' }), place('b'), place('c', { time: '12:00' })],
      [tour, museum, dinner],
    );
    expect(stops.stops.map((stop) => stop.bookingId ?? stop.placeId)).toEqual([
      'a',
      'tour',
      'museum-ticket',
      'c',
    ]);
    expect(stops.stops[2]).toMatchObject({ placeId: 'b', time: '15:00' });
  });

  it('sets aside the day’s places without coordinates', () => {
    const stops = dayStops(DAY, [place('a'), place('nowhere', { lat: null, lng: null })], []);
    expect(stops.unlocated).toEqual([{ id: 'nowhere', name: 'nowhere' }]);
    expect(stops.stops.map((stop) => stop.placeId)).toEqual(['a']);
  });
});
