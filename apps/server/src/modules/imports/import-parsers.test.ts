import { describe, expect, it } from 'vitest';
import { simplifyLine } from './features';
import { ianaZone, readCalendar, wallClock } from './ics-import';
import { readPastedLine } from './map-links';

describe('readPastedLine', () => {
  it('reads names, place links, query links and bare coordinates', () => {
    expect(readPastedLine('  Kyoto ')).toEqual({ kind: 'name', name: 'Kyoto' });
    expect(
      readPastedLine(
        'https://www.google.com/maps/place/Fushimi+Inari+Taisha/@34.9671402,135.7726717,17z',
      ),
    ).toEqual({ kind: 'link', name: 'Fushimi Inari Taisha', lat: 34.9671402, lng: 135.7726717 });
    expect(readPastedLine('https://maps.google.com/?q=45.4642,9.19')).toMatchObject({
      kind: 'link',
      lat: 45.4642,
      lng: 9.19,
    });
    expect(
      readPastedLine('https://www.google.com/maps/search/?api=1&query=Duomo+di+Milano'),
    ).toEqual({ kind: 'name', name: 'Duomo di Milano' });
    expect(readPastedLine('41.9, 12.5')).toMatchObject({ kind: 'link', lat: 41.9, lng: 12.5 });
  });

  it('names short links and other sites instead of fetching them', () => {
    expect(readPastedLine('https://maps.app.goo.gl/abc')).toMatchObject({ problem: 'short-link' });
    expect(readPastedLine('https://goo.gl/maps/xyz')).toMatchObject({ problem: 'short-link' });
    expect(readPastedLine('https://example.com/maps/place/X/@1,2,3z')).toMatchObject({
      problem: 'unreadable-link',
    });
    expect(readPastedLine('https://maps.google.com/?q=95,10')).toEqual({
      kind: 'name',
      name: '95,10',
    });
  });
});

describe('calendar times', () => {
  it('turns instants into wall-clock time of a zone, across daylight saving', () => {
    expect(wallClock(new Date('2027-01-10T09:00:00Z'), 'Europe/Rome')).toBe('2027-01-10T10:00');
    expect(wallClock(new Date('2027-07-10T09:00:00Z'), 'Europe/Rome')).toBe('2027-07-10T11:00');
    expect(wallClock(new Date('2027-07-10T23:30:00Z'), 'Asia/Tokyo')).toBe('2027-07-11T08:30');
  });

  it('knows IANA zones, old Mozilla prefixes included, and nothing else', () => {
    expect(ianaZone('Europe/Rome')).toBe('Europe/Rome');
    expect(ianaZone('/mozilla.org/20050126_1/Europe/Berlin')).toBe('Europe/Berlin');
    expect(ianaZone('W. Europe Standard Time')).toBeUndefined();
  });

  it('reads floating times in the calendar zone and keeps TZID times as written', () => {
    const { bookings } = readCalendar(
      [
        'BEGIN:VCALENDAR',
        'X-WR-TIMEZONE:America/New_York',
        'BEGIN:VEVENT',
        'DTSTART:20270301T190000',
        'DTEND;TZID=Europe/London:20270302T070000',
        'SUMMARY:Flight to London (BA 178)',
        'END:VEVENT',
        'END:VCALENDAR',
      ].join('\n'),
      null,
    );
    expect(bookings[0]).toMatchObject({
      kind: 'flight',
      startAt: '2027-03-01T19:00',
      startZone: 'America/New_York',
      endAt: '2027-03-02T07:00',
      endZone: 'Europe/London',
      carrier: 'BA',
      number: 'BA 178',
      toName: 'London',
    });
  });
});

describe('all-day events', () => {
  const calendar = (...event: string[]) =>
    [
      'BEGIN:VCALENDAR',
      'X-WR-TIMEZONE:Europe/Rome',
      'BEGIN:VEVENT',
      ...event,
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');

  it('stay all-day: a first and a last day, no time, no zone', () => {
    const { bookings } = readCalendar(
      calendar(
        'DTSTART;VALUE=DATE:20270411',
        'DTEND;VALUE=DATE:20270415',
        'SUMMARY:Stay at Hotel Gracery',
      ),
      'Asia/Tokyo',
    );
    // DTEND of an all-day event is the day after its last (RFC 5545 §3.6.1).
    expect(bookings[0]).toMatchObject({
      kind: 'accommodation',
      startDate: '2027-04-11',
      endDate: '2027-04-14',
      startAt: null,
      startZone: null,
      endAt: null,
      endZone: null,
    });
  });

  it('of one day have no last day of their own, with or without DTEND', () => {
    for (const end of [['DTEND;VALUE=DATE:20270412'], []]) {
      const { bookings } = readCalendar(
        calendar('DTSTART;VALUE=DATE:20270411', ...end, 'SUMMARY:Museum day'),
        null,
      );
      expect(bookings[0]).toMatchObject({
        startDate: '2027-04-11',
        endDate: null,
        startAt: null,
        startZone: null,
      });
    }
  });
});

describe('simplifyLine', () => {
  it('keeps short lines and bounds long ones to 500 points, ends kept', () => {
    const short: [number, number][] = [
      [0, 0],
      [1, 1],
    ];
    expect(simplifyLine(short)).toEqual(short);
    const long = Array.from({ length: 5000 }, (_, index): [number, number] => [
      index / 1000,
      Math.sin(index / 50),
    ]);
    const simplified = simplifyLine(long);
    expect(simplified.length).toBeLessThanOrEqual(500);
    expect(simplified.length).toBeGreaterThan(50);
    expect(simplified[0]).toEqual([0, 0]);
    expect(simplified.at(-1)?.[0]).toBeCloseTo(4.999, 3);
  });
});
