import type { ImportBatch, ImportPreview } from '@jammy/shared/imports';
import type { ItineraryTree } from '@jammy/shared/itineraries';
import { eq, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { booking } from '../../db/schema/bookings';
import { expectError, expectStatus } from '../../../test/expect';
import { createItinerary } from '../../../test/factories';
import { serverTest } from '../../../test/fixture';
import {
  as,
  db,
  upload,
  owner,
  expectNoContent,
  fixture,
  GEOJSON,
  ICS,
  KML,
  importsUrl,
  useImportsTest,
} from './imports.test-helpers';

const test = serverTest({ mail: 'outbox' });
useImportsTest(test);

describe('iCalendar (Google Calendar export)', () => {
  test('imports events as bookings with wall-clock times in their own zones', async () => {
    const trip = await createItinerary(owner);
    const batch = expectStatus<ImportBatch>(
      await upload(
        owner,
        importsUrl(trip, '?fileName=japan.ics'),
        fixture('google-calendar.ics'),
        ICS,
      ),
      201,
    );
    expect(batch.counts).toEqual({ stages: 0, places: 0, routes: 0, bookings: 4 });
    const rows = await db()
      .select()
      .from(booking)
      .where(eq(booking.itineraryId, trip.id))
      .orderBy(sql`coalesce(${booking.startAt}, ${booking.startDate})`);
    expect(
      rows.map((row) => [row.kind, row.title, row.startAt, row.startZone, row.endAt, row.endZone]),
    ).toEqual([
      [
        'flight',
        'Flight to Tokyo (AZ 784)',
        '2027-04-10 13:35:00',
        'Europe/Rome',
        '2027-04-11 09:10:00',
        'Asia/Tokyo',
      ],
      // All-day: dates alone (below).
      ['accommodation', 'Stay at Hotel Gracery Shinjuku', null, null, null, null],
      [
        'train',
        'Train from Tokyo to Kyoto',
        '2027-04-15 10:00:00',
        'Asia/Tokyo',
        '2027-04-15 12:15:00',
        'Asia/Tokyo',
      ],
      // 09:00 UTC, read in the calendar's zone (X-WR-TIMEZONE Europe/Rome, summer time).
      [
        'restaurant',
        'Dinner at Kikunoi',
        '2027-04-16 11:00:00',
        'Europe/Rome',
        '2027-04-16 13:00:00',
        'Europe/Rome',
      ],
    ]);
    expect(rows[0]).toMatchObject({
      carrier: 'AZ',
      number: 'AZ 784',
      toName: 'Tokyo',
      confirmationCode: 'XK7P2Q',
    });
    expect(rows[0]?.notes).toBe(
      'Flight AZ 784 operated by ITA Airways\nConfirmation code: XK7P2Q\nSeat 34A',
    );
    expect(rows[1]).toMatchObject({ startDate: '2027-04-11', endDate: '2027-04-14' });
    expect(rows[1]?.address).toBe(
      'Hotel Gracery Shinjuku, 1-19-1 Kabukicho, Shinjuku City, Tokyo 160-8466, Japan',
    );
    expect(rows[2]).toMatchObject({ fromName: 'Tokyo', toName: 'Kyoto' });
  });

  test('expands a repeating event within the trip’s dates, and says so in the preview', async () => {
    const calendar = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      'UID:yoga@example.com',
      'DTSTART;TZID=Europe/Rome:20270401T090000',
      'DTEND;TZID=Europe/Rome:20270401T100000',
      'RRULE:FREQ=WEEKLY;BYDAY=MO,TH',
      'SUMMARY:Yoga class',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const dated = await createItinerary(owner, {
      startDate: '2027-04-10',
      endDate: '2027-04-20',
    });
    const preview = expectStatus<ImportPreview>(
      await upload(owner, importsUrl(dated, '?dryRun=true'), calendar, ICS),
      200,
    );
    // Mondays and Thursdays from 10 to 20 April: the 12th, 15th and 19th.
    expect(preview.bookings.map((row) => row.startAt)).toEqual([
      '2027-04-12T09:00',
      '2027-04-15T09:00',
      '2027-04-19T09:00',
    ]);
    expect(preview.series).toEqual([{ title: 'Yoga class', imported: 3, leftOut: 'outside-trip' }]);
    const batch = expectStatus<ImportBatch>(
      await upload(owner, importsUrl(dated), calendar, ICS),
      201,
    );
    expect(batch.counts.bookings).toBe(3);

    // A trip without dates gets the first occurrence, and is told so.
    const undated = await createItinerary(owner);
    const first = expectStatus<ImportPreview>(
      await upload(owner, importsUrl(undated, '?dryRun=true'), calendar, ICS),
      200,
    );
    expect(first.bookings.map((row) => row.startAt)).toEqual(['2027-04-01T09:00']);
    expect(first.series).toEqual([{ title: 'Yoga class', imported: 1, leftOut: 'no-trip-dates' }]);
  });

  test('reads UTC times in the itinerary’s zone when the calendar names none', async () => {
    const trip = await createItinerary(owner, { timezone: 'Asia/Tokyo' });
    const calendar = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      'UID:1',
      'DTSTART:20270416T090000Z',
      'SUMMARY:Dinner at Kikunoi',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    const preview = expectStatus<ImportPreview>(
      await upload(owner, importsUrl(trip, '?dryRun=true'), calendar, ICS),
      200,
    );
    expect(preview.bookings[0]).toMatchObject({
      startAt: '2027-04-16T18:00',
      startZone: 'Asia/Tokyo',
    });
  });
});

describe('GeoJSON (geojson.io)', () => {
  test('imports points and lines, and says what it left out', async () => {
    const trip = await createItinerary(owner);
    const preview = expectStatus<ImportPreview>(
      await upload(
        owner,
        importsUrl(trip, '?dryRun=true&stageTitle=Rome'),
        fixture('geojson-io.geojson'),
        GEOJSON,
      ),
      200,
    );
    expect(preview.stage).toEqual({ id: null, title: 'Rome' });
    expect(preview.places.map((row) => [row.name, row.lat, row.lng, row.category])).toEqual([
      ['Colosseum', 41.890251, 12.492231, 'sight'],
      ['Trattoria Da Enzo', 41.888658, 12.474684, 'food'],
      ['Villa Borghese park', 41.914217, 12.485119, 'nature'],
    ]);
    expect(preview.routes.map((row) => [row.name, row.coordinates.length])).toEqual([
      ['Evening walk', 5],
    ]);
    expect(preview.warnings).toEqual([{ code: 'areas', count: 1 }]);
  });
});

describe('POST /api/imports (a new itinerary)', () => {
  test('creates the itinerary with the file’s content; undo puts it in the trash', async () => {
    const batch = expectStatus<ImportBatch>(
      await upload(owner, '/api/imports?fileName=lisbon.kml', fixture('google-my-maps.kml'), KML),
      201,
    );
    // A stage for each of the file's three folders.
    expect(batch.counts).toEqual({ stages: 3, places: 3, routes: 1, bookings: 0 });
    const tree = expectStatus<ItineraryTree>(
      await as(owner, 'GET', `/api/itineraries/${batch.itineraryId}`),
      200,
    );
    expect(tree.itinerary.title).toBe('Lisbon long weekend');
    expect(tree.itinerary.role).toBe('owner');
    expect(tree.places).toHaveLength(3);
    expectNoContent(
      await as(owner, 'DELETE', `/api/itineraries/${batch.itineraryId}/imports/${batch.id}`),
    );
    expectError(
      await as(owner, 'GET', `/api/itineraries/${batch.itineraryId}`),
      404,
      'itinerary/not-found',
    );
  });

  test('answers 401 without a session', async () => {
    const response = await upload(null, '/api/imports', fixture('google-my-maps.kml'), KML);
    expectError(response, 401, 'auth/unauthenticated');
  });
});
