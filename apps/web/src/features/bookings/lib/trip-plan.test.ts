import type { Booking } from '@jammy/shared/bookings';
import type { Place, Stage } from '@jammy/shared/itineraries';
import { describe, expect, it } from 'vitest';
import { EMPTY_BOOKING_FIELDS } from '../api/bookings';
import {
  bookingMoments,
  looseDays,
  mergeByTime,
  planStages,
  type BookingMoment,
} from './trip-plan';

const booking = (id: string, fields: Partial<Booking>): Booking => ({
  id,
  itineraryId: 't1',
  kind: 'flight',
  title: id,
  ...EMPTY_BOOKING_FIELDS,
  createdAt: '2027-01-01T00:00:00.000Z',
  updatedAt: '2027-01-01T00:00:00.000Z',
  version: 1,
  ...fields,
});

const stage = (id: string, startDate: string | null, endDate: string | null): Stage =>
  ({ id, title: id, startDate, endDate }) as Stage;

const place = (name: string, day: string | null, time: string | null): Place =>
  ({ id: name, name, day, time }) as Place;

const timed = (startAt: string, endAt: string | null = null) => ({
  startAt,
  startZone: 'Europe/Rome',
  endAt,
  endZone: endAt ? 'Europe/Rome' : null,
});

const flight = booking('flight', { ...timed('2027-03-28T10:00', '2027-03-28T13:30') });
const hotel = booking('hotel', {
  kind: 'accommodation',
  ...timed('2027-03-28T15:00', '2027-04-01T11:00'),
});
const label = (moment: BookingMoment) => `${moment.booking.id}:${moment.part}`;

describe('bookingMoments', () => {
  it('puts a booking on its start day, a stay on its check-in and check-out days', () => {
    const moments = bookingMoments([hotel, flight]);
    expect(moments.map((moment) => [label(moment), moment.day, moment.time])).toEqual([
      ['flight:whole', '2027-03-28', '10:00'],
      ['hotel:check-in', '2027-03-28', '15:00'],
      ['hotel:check-out', '2027-04-01', '11:00'],
    ]);
  });

  it('gives an all-day stay its first and last day, without a time, before the day’s times', () => {
    const stay = booking('stay', {
      kind: 'accommodation',
      startDate: '2027-03-28',
      endDate: '2027-03-30',
    });
    const pass = booking('pass', {
      kind: 'activity',
      startDate: '2027-03-28',
      endDate: '2027-03-29',
    });
    expect(
      bookingMoments([flight, stay, pass]).map((moment) => [label(moment), moment.time]),
    ).toEqual([
      ['stay:check-in', null],
      ['pass:whole', null],
      ['flight:whole', '10:00'],
      ['stay:check-out', null],
    ]);
  });

  it('keeps a booking without a day, last', () => {
    const open = booking('open', {});
    expect(bookingMoments([open, flight]).map(label)).toEqual(['flight:whole', 'open:whole']);
    expect(bookingMoments([open])[0]?.day).toBeNull();
  });
});

describe('planStages', () => {
  const rome = stage('rome', '2027-03-26', '2027-03-28');
  const chicago = stage('chicago', '2027-03-28', '2027-04-01');

  it('files a booking under its stage, else the stage whose days hold it', () => {
    const dinner = booking('dinner', {
      kind: 'restaurant',
      stageId: 'rome',
      ...timed('2027-03-30T20:00'),
    });
    const plan = planStages([rome, chicago], bookingMoments([flight, hotel, dinner]));
    // The day two stages share: a leg ends the first, a check-in starts the second.
    expect(plan.byStage.get('rome')?.map(label)).toEqual(['flight:whole', 'dinner:whole']);
    expect(plan.byStage.get('chicago')?.map(label)).toEqual(['hotel:check-in', 'hotel:check-out']);
    expect(plan.loose).toEqual([]);
  });

  it('leaves out of every stage what no stage’s days hold', () => {
    const home = booking('home', { ...timed('2027-03-25T18:00') });
    const open = booking('open', {});
    const plan = planStages(
      [rome, stage('undated', null, null)],
      bookingMoments([home, open, flight]),
    );
    expect(plan.loose.map(label)).toEqual(['home:whole', 'open:whole']);
    expect(plan.byStage.get('rome')?.map(label)).toEqual(['flight:whole']);
  });
});

describe('mergeByTime', () => {
  it('puts each booking before the first later place, the places kept in their order', () => {
    const places = [
      place('Millennium Park', '2027-03-29', '10:00'),
      place('Art Institute', '2027-03-29', '14:00'),
      place('Navy Pier', null, null),
    ];
    const lunch = booking('lunch', { kind: 'restaurant', ...timed('2027-03-29T12:30') });
    const entries = mergeByTime(places, bookingMoments([hotel, lunch]));
    expect(
      entries.map((entry) => (entry.kind === 'place' ? entry.place.name : label(entry.moment))),
    ).toEqual([
      'hotel:check-in',
      'Millennium Park',
      'lunch:whole',
      'Art Institute',
      'Navy Pier',
      'hotel:check-out',
    ]);
  });

  it('puts a day’s all-day booking before its timed places, and a place with a day only before later days', () => {
    const pass = booking('pass', { kind: 'activity', startDate: '2027-03-29' });
    const entries = mergeByTime(
      [place('Museum', '2027-03-29', '09:00'), place('Lake', '2027-03-30', null)],
      bookingMoments([pass, booking('late', { ...timed('2027-03-29T22:00') })]),
    );
    expect(
      entries.map((entry) => (entry.kind === 'place' ? entry.place.name : label(entry.moment))),
    ).toEqual(['pass:whole', 'Museum', 'late:whole', 'Lake']);
  });
});

describe('looseDays', () => {
  it('puts each day no stage holds before the first stage that starts after it', () => {
    const rome = stage('rome', '2027-03-26', '2027-03-28');
    const chicago = stage('chicago', '2027-03-30', '2027-04-01');
    const out = booking('out', { ...timed('2027-03-25T18:00') });
    const between = booking('between', { ...timed('2027-03-29T09:00') });
    const home = booking('home', { ...timed('2027-04-02T09:00') });
    const open = booking('open', {});
    const { loose } = planStages([rome, chicago], bookingMoments([home, open, between, out]));
    const days = looseDays([rome, chicago], loose);
    const ids = (key: string | null) =>
      days.get(key)?.map((day) => [day.day, day.moments.map(label)]);
    expect(ids('rome')).toEqual([['2027-03-25', ['out:whole']]]);
    expect(ids('chicago')).toEqual([['2027-03-29', ['between:whole']]]);
    expect(ids(null)).toEqual([
      ['2027-04-02', ['home:whole']],
      [null, ['open:whole']],
    ]);
  });
});
