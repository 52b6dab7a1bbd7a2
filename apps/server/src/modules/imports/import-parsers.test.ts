import { describe, expect, it } from 'vitest';
import { simplifyLine } from './features';
import { ianaZone, readCalendar, wallClock } from './ics-import';
import { readPastedLine } from './map-links';
import { recordedTrack, zigzag } from '../../../test/lines';

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
    // As many points as a route keeps: the budget is filled, not halved by a coarse tolerance.
    expect(simplified).toHaveLength(500);
    expect(simplified[0]).toEqual([0, 0]);
    expect(simplified.at(-1)?.[0]).toBeCloseTo(4.999, 3);
  });

  it('leaves out what lies within a metre of the line, even under the budget', () => {
    // 600 points along a straight road, each off it by less than 10 cm.
    const road = Array.from({ length: 600 }, (_, index): [number, number] => [
      7 + index / 1e4,
      45 + (index % 2) * 1e-6,
    ]);
    expect(simplifyLine(road)).toEqual([road[0], road.at(-1)]);
  });

  it('simplifies 200,000 points, however they lie, to the budget, ends kept', () => {
    for (const line of [recordedTrack(200_000), zigzag(200_000)]) {
      const simplified = simplifyLine(line);
      expect(simplified).toHaveLength(500);
      expect(simplified[0]).toEqual(line[0]);
      expect(simplified.at(-1)).toEqual(line.at(-1));
    }
  });
});
