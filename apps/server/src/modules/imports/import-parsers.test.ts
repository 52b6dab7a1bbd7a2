import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { featuresToContent, simplifyLine } from './features';
import { ianaZone, readCalendar, wallClock } from './ics-import';
import { xmlToGeoJson } from './xml-import';
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
      null,
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

describe('repeating events', () => {
  const TRIP = { start: '2027-04-10', end: '2027-04-20' };
  const calendar = (...lines: string[]) =>
    ['BEGIN:VCALENDAR', 'X-WR-TIMEZONE:Europe/Rome', ...lines, 'END:VCALENDAR'].join('\r\n');
  const yoga = [
    'BEGIN:VEVENT',
    'UID:yoga@example.com',
    'DTSTART;TZID=Europe/Rome:20270405T090000',
    'DTEND;TZID=Europe/Rome:20270405T100000',
    'RRULE:FREQ=DAILY;COUNT=30',
    'EXDATE;TZID=Europe/Rome:20270412T090000',
    'RDATE;TZID=Europe/Rome:20270601T090000',
    'SUMMARY:Yoga class',
    'END:VEVENT',
  ];

  it('become one booking per occurrence within the trip’s dates (RRULE, EXDATE, RDATE)', () => {
    const { bookings, series } = readCalendar(calendar(...yoga), null, TRIP);
    // 10 to 20 April, but not the 12th.
    expect(bookings.map((row) => [row.startAt, row.endAt])).toEqual(
      ['10', '11', '13', '14', '15', '16', '17', '18', '19', '20'].map((day) => [
        `2027-04-${day}T09:00`,
        `2027-04-${day}T10:00`,
      ]),
    );
    expect(bookings.every((row) => row.title === 'Yoga class')).toBe(true);
    expect(series).toEqual([{ title: 'Yoga class', imported: 10, leftOut: 'outside-trip' }]);
  });

  it('take a moved occurrence (RECURRENCE-ID) as moved, once', () => {
    const moved = [
      'BEGIN:VEVENT',
      'UID:yoga@example.com',
      'RECURRENCE-ID;TZID=Europe/Rome:20270415T090000',
      'DTSTART;TZID=Europe/Rome:20270415T180000',
      'DTEND;TZID=Europe/Rome:20270415T190000',
      'SUMMARY:Yoga class (evening)',
      'END:VEVENT',
    ];
    const { bookings, series } = readCalendar(calendar(...yoga, ...moved), null, TRIP);
    expect(bookings).toHaveLength(10);
    expect(bookings.filter((row) => row.startAt?.startsWith('2027-04-15'))).toMatchObject([
      { title: 'Yoga class (evening)', startAt: '2027-04-15T18:00', endAt: '2027-04-15T19:00' },
    ]);
    expect(series).toEqual([{ title: 'Yoga class', imported: 10, leftOut: 'outside-trip' }]);
  });

  it('keep their first occurrence, and say so, when the trip has no dates', () => {
    const { bookings, series } = readCalendar(calendar(...yoga), null, null);
    expect(bookings.map((row) => row.startAt)).toEqual(['2027-04-05T09:00']);
    expect(series).toEqual([{ title: 'Yoga class', imported: 1, leftOut: 'no-trip-dates' }]);
  });

  it('stop at 100 occurrences of one series, endless or not, and all-day ones stay all-day', () => {
    const hourly = [
      'BEGIN:VEVENT',
      'DTSTART:20270401T000000Z',
      'RRULE:FREQ=HOURLY',
      'SUMMARY:Medicine',
      'END:VEVENT',
    ];
    const weekly = [
      'BEGIN:VEVENT',
      'DTSTART;VALUE=DATE:20270301',
      'DTEND;VALUE=DATE:20270303',
      'RRULE:FREQ=WEEKLY;UNTIL=20270501',
      'SUMMARY:Market days',
      'END:VEVENT',
    ];
    const { bookings, series } = readCalendar(calendar(...hourly, ...weekly), null, TRIP);
    expect(series).toEqual([
      { title: 'Medicine', imported: 100, leftOut: 'too-many' },
      { title: 'Market days', imported: 2, leftOut: 'outside-trip' },
    ]);
    expect(bookings.filter((row) => row.title === 'Market days')).toMatchObject([
      { startDate: '2027-04-12', endDate: '2027-04-13', startAt: null },
      { startDate: '2027-04-19', endDate: '2027-04-20', startAt: null },
    ]);
  });

  it('that all fall within the trip leave nothing out', () => {
    const { series } = readCalendar(
      calendar(
        'BEGIN:VEVENT',
        'DTSTART;TZID=Europe/Rome:20270411T200000',
        'RRULE:FREQ=DAILY;COUNT=3',
        'SUMMARY:Dinner',
        'END:VEVENT',
      ),
      null,
      TRIP,
    );
    expect(series).toEqual([{ title: 'Dinner', imported: 3, leftOut: 'none' }]);
  });
});

describe('KML folders (Google My Maps layers)', () => {
  const kml = readFileSync(
    new URL('../../../test/fixtures/imports/google-my-maps.kml', import.meta.url),
    'utf8',
  );

  it('are kept with their places and lines, and categories come from the data or are none', () => {
    const { collection, name, folders } = xmlToGeoJson(kml);
    const content = featuresToContent(collection, name, folders);
    expect(content.folders).toEqual([{ title: 'Sights' }, { title: 'Food' }, { title: 'Walks' }]);
    expect(content.places.map((row) => [row.name, row.folder, row.category])).toEqual([
      ['Torre de Belém', 0, 'sight'],
      ['Museu Calouste Gulbenkian', 0, 'museum'],
      // Nothing in the file says what it is.
      ['Pastéis de Belém', 1, 'other'],
    ]);
    expect(content.routes.map((row) => [row.name, row.folder])).toEqual([['Alfama walk', 2]]);
  });

  it('nest as paths; places outside any folder have none', () => {
    const nested = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>Trip</name>
  <Placemark><name>Loose</name><Point><coordinates>12.5,41.9</coordinates></Point></Placemark>
  <Folder><name>Day 1</name>
    <Folder><name>Morning</name>
      <Placemark><name>Cafe</name><Point><coordinates>12.4,41.8</coordinates></Point></Placemark>
    </Folder>
    <Folder><name>Empty</name></Folder>
  </Folder>
</Document></kml>`;
    const { collection, name, folders } = xmlToGeoJson(nested);
    const content = featuresToContent(collection, name, folders);
    expect(content.folders).toEqual([{ title: 'Day 1 / Morning' }]);
    expect(content.places.map((row) => [row.name, row.folder, row.category])).toEqual([
      ['Loose', null, 'other'],
      ['Cafe', 0, 'food'],
    ]);
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
