import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { check as checkGeoJson } from '@placemarkio/check-geojson';
import { gpx as gpxToGeoJson } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import type { CalendarFeed, CalendarFeedState } from '@jammy/shared/exports';
import { itineraryExportSchema } from '@jammy/shared/exports';
import type { ItineraryTree, Place, Stage } from '@jammy/shared/itineraries';
import type { ShareLink } from '@jammy/shared/sharing';
import { and, eq, inArray } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import ICAL from 'ical.js';
import { uuidv7 } from 'uuidv7';
import { describe, expect } from 'vitest';
import {
  call,
  addMember,
  createItinerary,
  createList,
  createListItem,
  createNote,
  createPlace,
  createSignedInUser,
  createStage,
  expectFieldError,
  expectStatus,
  type SignedInUser,
} from '../../../test/itinerary-helpers';
import { booking } from '../../db/schema/bookings';
import { stageRoute } from '../../db/schema/imports';
import { itineraryMember } from '../../db/schema/itineraries';
import { serverTest } from '../../../test/fixture';

const test = serverTest({ mail: 'outbox' });

let owner: SignedInUser;
let viewer: SignedInUser;
let stranger: SignedInUser;
let itineraryId: string;
let shareToken: string;
let rome: Stage;
let london: Stage;
let colosseum: Place;
let forum: Place;
const bookingIds = { spring: uuidv7(), autumn: uuidv7(), crossZone: uuidv7(), lisbon: uuidv7() };

test.beforeAll(async ({ server }) => {
  [owner, viewer, stranger] = await Promise.all([
    createSignedInUser(server, 'owner'),
    createSignedInUser(server, 'viewer'),
    createSignedInUser(server, 'stranger'),
  ]);
  const trip = await createItinerary(server, owner, {
    title: 'Rome & London',
    timezone: 'Europe/Rome',
  });
  itineraryId = trip.id;
  await addMember(server, itineraryId, viewer.id, 'viewer');
  rome = await createStage(server, owner, itineraryId, {
    title: 'Rome',
    destinationName: 'Roma',
    lat: 41.9028,
    lng: 12.4964,
    startDate: '2027-03-20',
    endDate: '2027-03-27',
  });
  london = await createStage(server, owner, itineraryId, {
    title: 'London',
    startDate: '2027-03-28',
  });
  colosseum = await createPlace(server, owner, itineraryId, {
    stageId: rome.id,
    name: 'Colosseo <&> "arena"',
    category: 'sight',
    lat: 41.8902,
    lng: 12.4922,
    day: '2027-03-21',
    time: '09:30',
    durationMinutes: 120,
  });
  forum = await createPlace(server, owner, itineraryId, {
    stageId: rome.id,
    name: 'Foro Romano',
    category: 'sight',
    lat: 41.8925,
    lng: 12.4853,
  });
  await createPlace(server, owner, itineraryId, { stageId: london.id, name: 'Somewhere' });
  await createNote(server, owner, itineraryId, { title: 'Secret', body: 'door code 1234' });
  const list = await createList(server, owner, itineraryId, {
    title: 'Pack',
    kind: 'packing',
  });
  await createListItem(server, owner, itineraryId, list.id, 'Passport');
  const common = { itineraryId, notes: '' };
  await server.database.db.insert(booking).values([
    {
      ...common,
      id: bookingIds.spring,
      kind: 'flight',
      title: 'Flight to Rome',
      carrier: 'BA',
      number: '548',
      fromName: 'London Heathrow',
      fromLat: 51.47,
      fromLng: -0.4543,
      toName: 'Roma Fiumicino',
      toLat: 41.8003,
      toLng: 12.2389,
      // The night the clocks go forward in London: 01:30 does not exist there.
      startAt: '2027-03-28 01:30:00',
      startZone: 'Europe/London',
      endAt: '2027-03-28 06:10:00',
      endZone: 'Europe/Rome',
      confirmationCode: 'ABC123',
    },
    {
      ...common,
      id: bookingIds.autumn,
      kind: 'train',
      title: 'Night train',
      // The night the clocks go back: 01:30 happens twice.
      startAt: '2027-10-31 01:30:00',
      startZone: 'Europe/London',
      endAt: '2027-10-31 03:00:00',
      endZone: 'Europe/London',
    },
    {
      ...common,
      id: bookingIds.crossZone,
      kind: 'flight',
      title: 'Flight to Tokyo',
      startAt: '2027-04-01 08:30:00',
      startZone: 'Europe/Rome',
      endAt: '2027-04-02 06:05:00',
      endZone: 'Asia/Tokyo',
    },
    {
      ...common,
      id: bookingIds.lisbon,
      kind: 'flight',
      title: 'Lisbon to Tokyo',
      startAt: '2027-04-05 11:00:00',
      startZone: 'Europe/Lisbon',
      endAt: '2027-04-06 13:30:00',
      endZone: 'Asia/Tokyo',
    },
  ]);
  const link = expectStatus<ShareLink>(
    await call(server, owner, 'POST', `/api/itineraries/${itineraryId}/share-links`, {
      payload: {},
    }),
    201,
  );
  shareToken = new URL(link.url ?? '').searchParams.get('share') ?? '';
}, 60_000);

/** The GPX 1.1 schema (Topografix's gpx.xsd, see the fixture's README). */
const GPX_SCHEMA = fileURLToPath(
  new URL('../../../test/fixtures/exports/gpx-1.1.xsd', import.meta.url),
);

/** Checks a GPX document against the GPX 1.1 schema with libxml2's xmllint (fails without it). */
async function expectValidGpx(text: string): Promise<void> {
  const file = join(tmpdir(), `jammy-export-${uuidv7()}.gpx`);
  await writeFile(file, text);
  const result = await promisify(execFile)('xmllint', ['--noout', '--schema', GPX_SCHEMA, file])
    .then(({ stderr }) => ({ valid: true, stderr }))
    .catch((error: { stderr?: string; message: string }) => ({
      valid: false,
      stderr: error.stderr || error.message,
    }));
  expect(result.stderr).toContain('validates');
  expect(result.valid).toBe(true);
}

/** A GPX document's features as another program reads them (togeojson). */
function readGpx(text: string) {
  return gpxToGeoJson(new DOMParser().parseFromString(text, 'text/xml')).features;
}

/** A calendar's text with its folded lines (75 octets at most) joined again. */
function unfold(text: string): string {
  return text.replace(/\r\n[ \t]/g, '');
}

/** Parses a calendar with ical.js, registering its VTIMEZONEs so TZIDs resolve. */
function parseCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) {
    ICAL.TimezoneService.register(zone);
  }
  const events = calendar
    .getAllSubcomponents('vevent')
    .map((component) => new ICAL.Event(component));
  return { calendar, events, byUid: (uid: string) => events.find((event) => event.uid === uid) };
}

describe('ICS export', () => {
  test('writes stages as all-day events and bookings at their wall-clock times in their zones', async ({
    server,
  }) => {
    const response = await call(server, owner, 'GET', `/api/itineraries/${itineraryId}/export.ics`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/calendar/);
    expect(response.headers['content-disposition']).toContain(
      'attachment; filename="Rome-London.ics"',
    );
    const host = server.config.baseUrl.hostname;
    const { calendar, byUid } = parseCalendar(response.body);

    const zones = calendar
      .getAllSubcomponents('vtimezone')
      .map((zone) => zone.getFirstPropertyValue('tzid'));
    // Arrival zones too: each DTEND has its own TZID, which needs its VTIMEZONE.
    expect(zones.sort()).toEqual(['Asia/Tokyo', 'Europe/Lisbon', 'Europe/London', 'Europe/Rome']);

    const romeEvent = byUid(`${rome.id}@${host}`);
    expect(romeEvent?.startDate.isDate).toBe(true);
    expect(romeEvent?.startDate.toString()).toBe('2027-03-20');
    // DTEND of an all-day event is exclusive: the day after the last one.
    expect(romeEvent?.endDate.toString()).toBe('2027-03-28');
    expect(romeEvent?.location).toBe('Roma');
    expect(romeEvent?.component.getFirstPropertyValue('geo')).toEqual([41.9028, 12.4964]);
    expect(romeEvent?.sequence).toBe(rome.version);
    const londonEvent = byUid(`${london.id}@${host}`);
    expect(londonEvent?.endDate.toString()).toBe('2027-03-29');

    const spring = byUid(`${bookingIds.spring}@${host}`);
    expect(spring?.startDate.zone?.tzid).toBe('Europe/London');
    // 01:30 does not exist that night; RFC 5545 §3.3.5 reads it with the offset before the
    // gap (01:30Z), which is 02:30 BST: written as the time it is, so every client agrees.
    expect(spring?.startDate.toString()).toBe('2027-03-28T02:30:00');
    expect(spring?.startDate.toJSDate().toISOString()).toBe('2027-03-28T01:30:00.000Z');
    // Lands 06:10 in Rome (CEST, +02:00) = 04:10Z, written in Rome's zone as on the ticket.
    expect(spring?.endDate.toJSDate().toISOString()).toBe('2027-03-28T04:10:00.000Z');
    expect(spring?.endDate.zone?.tzid).toBe('Europe/Rome');
    expect(spring?.endDate.toString()).toBe('2027-03-28T06:10:00');
    expect(spring?.description).toContain('BA 548');
    expect(spring?.description).toContain('Confirmation: ABC123');
    expect(spring?.description).toContain(
      '2027-03-28 01:30 Europe/London – 2027-03-28 06:10 Europe/Rome',
    );
    expect(spring?.location).toBe('London Heathrow');

    const autumn = byUid(`${bookingIds.autumn}@${host}`);
    // 01:30 happens twice that night; RFC 5545 means the first (BST, 00:30Z) but readers
    // differ, so that one is written in UTC, and the ticket's time is in the description.
    expect(autumn?.startDate.toJSDate().toISOString()).toBe('2027-10-31T00:30:00.000Z');
    expect(autumn?.startDate.zone?.tzid).toBe('UTC');
    expect(autumn?.endDate.toJSDate().toISOString()).toBe('2027-10-31T03:00:00.000Z');
    expect(autumn?.description).toContain('2027-10-31 01:30 Europe/London');

    const tokyo = byUid(`${bookingIds.crossZone}@${host}`);
    expect(tokyo?.startDate.toJSDate().toISOString()).toBe('2027-04-01T06:30:00.000Z');
    expect(tokyo?.endDate.toJSDate().toISOString()).toBe('2027-04-01T21:05:00.000Z');
    expect(tokyo?.endDate.zone?.tzid).toBe('Asia/Tokyo');
    expect(tokyo?.endDate.toString()).toBe('2027-04-02T06:05:00');

    // Lisbon (WEST, +01:00) 11:00 = 10:00Z; Tokyo (+09:00) 13:30 the next day = 04:30Z.
    const lisbon = byUid(`${bookingIds.lisbon}@${host}`);
    expect(lisbon?.startDate.zone?.tzid).toBe('Europe/Lisbon');
    expect(lisbon?.startDate.toString()).toBe('2027-04-05T11:00:00');
    expect(lisbon?.startDate.toJSDate().toISOString()).toBe('2027-04-05T10:00:00.000Z');
    expect(lisbon?.endDate.zone?.tzid).toBe('Asia/Tokyo');
    expect(lisbon?.endDate.toString()).toBe('2027-04-06T13:30:00');
    expect(lisbon?.endDate.toJSDate().toISOString()).toBe('2027-04-06T04:30:00.000Z');
    expect(response.body).toContain('DTEND;TZID=Asia/Tokyo:20270406T133000\r\n');
    expect(response.body).not.toContain('X-JAMMY');

    const place = byUid(`${colosseum.id}@${host}`);
    expect(place?.startDate.zone?.tzid).toBe('Europe/Rome');
    expect(place?.startDate.toString()).toBe('2027-03-21T09:30:00');
    expect(place?.endDate.toString()).toBe('2027-03-21T11:30:00');
    expect(place?.summary).toBe('Colosseo <&> "arena"');
  });

  test('bumps SEQUENCE and LAST-MODIFIED when a stage changes, under the same UID', async ({
    server,
  }) => {
    const changed = expectStatus<Stage>(
      await call(server, owner, 'PATCH', `/api/itineraries/${itineraryId}/stages/${london.id}`, {
        payload: { title: 'London!', version: london.version },
      }),
      200,
    );
    london = changed;
    const response = await call(server, owner, 'GET', `/api/itineraries/${itineraryId}/export.ics`);
    const event = parseCalendar(response.body).byUid(
      `${london.id}@${server.config.baseUrl.hostname}`,
    );
    expect(event?.summary).toBe('London!');
    expect(event?.sequence).toBe(changed.version);
    expect(event?.component.getFirstPropertyValue('last-modified')?.toString()).toBe(
      changed.updatedAt.replace(/\.\d+Z$/, 'Z'),
    );
  });

  test('writes an all-day booking as an all-day event (VALUE=DATE, DTEND exclusive)', async ({
    server,
  }) => {
    const id = uuidv7();
    const { db } = server.database;
    await db.insert(booking).values({
      id,
      itineraryId,
      notes: '',
      kind: 'accommodation',
      title: 'Hotel Artemide',
      startDate: '2027-03-20',
      endDate: '2027-03-22',
    });
    try {
      const response = await call(
        server,
        owner,
        'GET',
        `/api/itineraries/${itineraryId}/export.ics`,
      );
      const event = parseCalendar(response.body).byUid(`${id}@${server.config.baseUrl.hostname}`);
      expect(event?.startDate.isDate).toBe(true);
      expect(event?.startDate.toString()).toBe('2027-03-20');
      expect(event?.endDate.toString()).toBe('2027-03-23');
      expect(response.body).toContain('DTSTART;VALUE=DATE:20270320\r\n');
    } finally {
      await db.delete(booking).where(eq(booking.id, id));
    }
  });

  test('escapes the calendar name (NAME, X-WR-CALNAME) as text', async ({ server }) => {
    const title = 'Rome, Paris; back\\slash';
    const trip = await createItinerary(server, owner, { title });
    const response = await call(server, owner, 'GET', `/api/itineraries/${trip.id}/export.ics`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('\r\nNAME:Rome\\, Paris\\; back\\\\slash\r\n');
    expect(response.body).toContain('\r\nX-WR-CALNAME:Rome\\, Paris\\; back\\\\slash\r\n');
  });

  test('hides confirmation codes from share-link holders; strangers get 404', async ({
    server,
  }) => {
    const shared = await call(
      server,
      null,
      'GET',
      `/api/itineraries/${itineraryId}/export.ics?share=${shareToken}`,
    );
    expect(shared.statusCode).toBe(200);
    expect(unfold(shared.body)).toContain('BA 548');
    expect(unfold(shared.body)).not.toContain('ABC123');
    expect(
      (await call(server, stranger, 'GET', `/api/itineraries/${itineraryId}/export.ics`))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(server, null, 'GET', `/api/itineraries/${itineraryId}/export.ics`)).statusCode,
    ).toBe(401);
  });
});

describe('GPX export', () => {
  test('is valid GPX 1.1: stages, places and booking ends as waypoints, the trip as one route', async ({
    server,
  }) => {
    const response = await call(
      server,
      viewer,
      'GET',
      `/api/itineraries/${itineraryId}/export.gpx`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/gpx\+xml/);
    await expectValidGpx(response.body);
    const parser = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      isArray: (name) => ['wpt', 'rte', 'rtept'].includes(name),
      parseTagValue: false,
    });
    const { gpx } = parser.parse(response.body);
    expect(gpx.xmlns).toBe('http://www.topografix.com/GPX/1/1');
    expect(gpx.version).toBe('1.1');
    expect(gpx.creator).toBe('Jammy');
    const waypoints = gpx.wpt.map(
      (point: { name: string; type: string; lat: string; lon: string }) => [
        point.name,
        point.type,
        Number(point.lat),
        Number(point.lon),
      ],
    );
    // Rome's destination, its two places with coordinates, and the flight's two airports
    // (London and the place "Somewhere" have none).
    expect(waypoints).toEqual([
      ['Roma', 'stage', 41.9028, 12.4964],
      [colosseum.name, 'sight', 41.8902, 12.4922],
      [forum.name, 'sight', 41.8925, 12.4853],
      ['London Heathrow', 'flight', 51.47, -0.4543],
      ['Roma Fiumicino', 'flight', 41.8003, 12.2389],
    ]);
    // 09:30 in Rome (CET, +01:00 before the change of 28 March).
    const place = gpx.wpt[1];
    expect(place.time).toBe('2027-03-21T08:30:00Z');
    const flight = gpx.wpt[3];
    expect(flight.desc).toContain('Flight to Rome');
    expect(flight.desc).toContain('BA 548');
    expect(flight.time).toBe('2027-03-28T01:30:00Z');
    // One route through every point, in the trip's order: the flight belongs to London's
    // day (28 March), after Rome.
    expect(gpx.rte).toHaveLength(1);
    expect(gpx.rte[0].name).toBe('Rome & London');
    expect(gpx.rte[0].rtept.map((point: { name: string }) => point.name)).toEqual([
      'Roma',
      colosseum.name,
      forum.name,
      'London Heathrow',
      'Roma Fiumicino',
    ]);

    // An independent reader (togeojson) finds the same five points and the route.
    const read = readGpx(response.body);
    expect(read.filter((feature) => feature.geometry?.type === 'Point')).toHaveLength(5);
    const lines = read.filter((feature) => feature.geometry?.type === 'LineString');
    expect(lines).toHaveLength(1);
    expect(lines[0]?.geometry).toMatchObject({ coordinates: expect.any(Array) });
    expect(lines[0]?.properties?.name).toBe('Rome & London');
  });

  test('is valid GPX 1.1 for a trip of stages alone, read back as points', async ({ server }) => {
    const trip = await createItinerary(server, owner, { title: 'Stages only' });
    for (const [title, lat, lng] of [
      ['Milano', 45.4642, 9.19],
      ['Bologna', 44.4949, 11.3426],
    ] as const) {
      await createStage(server, owner, trip.id, { title, lat, lng, destinationName: title });
    }
    const response = await call(server, owner, 'GET', `/api/itineraries/${trip.id}/export.gpx`);
    expect(response.statusCode).toBe(200);
    await expectValidGpx(response.body);
    const read = readGpx(response.body);
    expect(read.map((feature) => [feature.geometry?.type, feature.properties?.name])).toEqual([
      ['LineString', 'Stages only'],
      ['Point', 'Milano'],
      ['Point', 'Bologna'],
    ]);
  });
});

describe('GeoJSON export', () => {
  test('is a valid FeatureCollection with points and a line per stage', async ({ server }) => {
    const response = await call(
      server,
      owner,
      'GET',
      `/api/itineraries/${itineraryId}/export.geojson`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/geo\+json/);
    const collection = checkGeoJson(response.body);
    expect(collection.type).toBe('FeatureCollection');
    const features = response.json<{
      features: {
        id: string;
        geometry: { type: string; coordinates: unknown };
        properties: Record<string, unknown>;
      }[];
    }>().features;
    const byId = (id: string) => features.find((feature) => feature.id === id);
    expect(byId(rome.id)?.geometry.coordinates).toEqual([12.4964, 41.9028]);
    expect(byId(rome.id)?.properties).toMatchObject({
      kind: 'stage',
      title: 'Rome',
      startDate: '2027-03-20',
    });
    expect(byId(colosseum.id)?.properties).toMatchObject({
      kind: 'place',
      category: 'sight',
      stageId: rome.id,
    });
    expect(byId(`${bookingIds.spring}:from`)?.geometry.coordinates).toEqual([-0.4543, 51.47]);
    expect(byId(`${bookingIds.spring}:to`)?.properties).toMatchObject({
      kind: 'booking',
      name: 'Roma Fiumicino',
    });
    expect(byId(`${rome.id}:route`)?.geometry).toEqual({
      type: 'LineString',
      coordinates: [
        [12.4964, 41.9028],
        [12.4922, 41.8902],
        [12.4853, 41.8925],
      ],
    });
    expect(byId(london.id)).toBeUndefined();
  });
});

describe('GeoJSON lines', () => {
  test('draw the trip in its order, transport bookings as lines and flights as great circles', async ({
    server,
  }) => {
    const { db } = server.database;
    const train = uuidv7();
    const pacific = uuidv7();
    await db.insert(booking).values([
      {
        id: train,
        itineraryId,
        notes: '',
        kind: 'train',
        title: 'Frecciarossa',
        stageId: rome.id,
        fromName: 'Milano Centrale',
        fromLat: 45.4871,
        fromLng: 9.2045,
        toName: 'Roma Termini',
        toLat: 41.901,
        toLng: 12.5012,
        startAt: '2027-03-20 08:00:00',
        startZone: 'Europe/Rome',
      },
      {
        id: pacific,
        itineraryId,
        notes: '',
        kind: 'flight',
        title: 'Tokyo to San Francisco',
        fromName: 'Haneda',
        fromLat: 35.5494,
        fromLng: 139.7798,
        toName: 'San Francisco',
        toLat: 37.6213,
        toLng: -122.379,
        startAt: '2027-12-01 10:00:00',
        startZone: 'Asia/Tokyo',
      },
    ]);
    try {
      const response = await call(
        server,
        owner,
        'GET',
        `/api/itineraries/${itineraryId}/export.geojson`,
      );
      expect(response.statusCode).toBe(200);
      expect(checkGeoJson(response.body).type).toBe('FeatureCollection');
      type Line = { type: string; coordinates: number[][] | number[][][] };
      const features = response.json<{
        features: { id: string; geometry: Line; properties: Record<string, unknown> }[];
      }>().features;
      const byId = (id: string) => features.find((feature) => feature.id === id);

      // The whole trip, in its order: the train to Rome, Rome, its places, the flight of
      // 28 March (London's day), then the flight of December (in no stage).
      const route = byId(`${itineraryId}:route`);
      expect(route?.properties).toEqual({ kind: 'trip-route', title: 'Rome & London' });
      expect(route?.geometry).toEqual({
        type: 'LineString',
        coordinates: [
          [9.2045, 45.4871],
          [12.5012, 41.901],
          [12.4964, 41.9028],
          [12.4922, 41.8902],
          [12.4853, 41.8925],
          [-0.4543, 51.47],
          [12.2389, 41.8003],
          [139.7798, 35.5494],
          [-122.379, 37.6213],
        ],
      });

      // A train goes from its departure to its arrival.
      expect(byId(`${train}:line`)).toMatchObject({
        geometry: {
          type: 'LineString',
          coordinates: [
            [9.2045, 45.4871],
            [12.5012, 41.901],
          ],
        },
        properties: { kind: 'booking-line', bookingKind: 'train', bookingId: train },
      });

      // A flight follows the great circle: London → Rome bows north of the straight line.
      const london = byId(`${bookingIds.spring}:line`)?.geometry;
      expect(london?.type).toBe('LineString');
      const arc = (london?.coordinates ?? []) as number[][];
      expect(arc.length).toBeGreaterThan(10);
      expect(arc[0]).toEqual([-0.4543, 51.47]);
      expect(arc.at(-1)).toEqual([12.2389, 41.8003]);
      const middle = arc[Math.floor(arc.length / 2)] ?? [];
      const straight = 51.47 + ((41.8003 - 51.47) * ((middle[0] ?? 0) + 0.4543)) / 12.6932;
      expect(middle[1]).toBeGreaterThan(straight + 0.2);

      // Tokyo → San Francisco crosses the antimeridian: cut in two there (RFC 7946 §3.1.9),
      // by the northern Pacific.
      const pacificLine = byId(`${pacific}:line`)?.geometry;
      expect(pacificLine?.type).toBe('MultiLineString');
      const parts = (pacificLine?.coordinates ?? []) as number[][][];
      expect(parts).toHaveLength(2);
      expect(parts[0]?.at(-1)?.[0]).toBeCloseTo(180, 5);
      expect(parts[1]?.[0]?.[0]).toBeCloseTo(-180, 5);
      expect(Math.max(...parts.flat().map(([, lat]) => lat ?? 0))).toBeGreaterThan(45);
    } finally {
      await db.delete(booking).where(inArray(booking.id, [train, pacific]));
    }
  });
});

describe('imported tracks', () => {
  test('leave as a GPX track and a GeoJSON line, in their stage', async ({ server }) => {
    const { db } = server.database;
    const id = uuidv7();
    const coordinates: [number, number][] = [
      [12.4922, 41.8902],
      [12.4853, 41.8925],
      [12.4768, 41.8986],
    ];
    await db
      .insert(stageRoute)
      .values({ id, itineraryId, stageId: rome.id, name: 'Walk to the Pantheon', coordinates });
    try {
      const gpxAnswer = await call(
        server,
        viewer,
        'GET',
        `/api/itineraries/${itineraryId}/export.gpx`,
      );
      expect(gpxAnswer.statusCode).toBe(200);
      await expectValidGpx(gpxAnswer.body);
      // The track, the trip's route and five waypoints, as another program reads them.
      expect(
        readGpx(gpxAnswer.body).map((feature) => feature.properties?._gpxType ?? 'wpt'),
      ).toEqual(['trk', 'rte', 'wpt', 'wpt', 'wpt', 'wpt', 'wpt']);
      const { gpx } = new XMLParser({
        ignoreAttributes: false,
        attributeNamePrefix: '',
        isArray: (name) => ['trk', 'trkseg', 'trkpt'].includes(name),
        parseTagValue: false,
      }).parse(gpxAnswer.body);
      expect(gpx.trk).toHaveLength(1);
      expect(gpx.trk[0].name).toBe('Walk to the Pantheon');
      expect(
        gpx.trk[0].trkseg[0].trkpt.map((point: { lat: string; lon: string }) => [
          Number(point.lon),
          Number(point.lat),
        ]),
      ).toEqual(coordinates);
      // GPX 1.1 puts routes before tracks.
      expect(gpxAnswer.body.lastIndexOf('<rte>')).toBeLessThan(gpxAnswer.body.indexOf('<trk>'));

      const geoAnswer = await call(
        server,
        owner,
        'GET',
        `/api/itineraries/${itineraryId}/export.geojson`,
      );
      expect(checkGeoJson(geoAnswer.body).type).toBe('FeatureCollection');
      const track = geoAnswer
        .json<{ features: { id: string; geometry: unknown; properties: unknown }[] }>()
        .features.find((feature) => feature.id === `${id}:track`);
      expect(track?.geometry).toEqual({ type: 'LineString', coordinates });
      expect(track?.properties).toEqual({
        kind: 'track',
        name: 'Walk to the Pantheon',
        stageId: rome.id,
      });
    } finally {
      await db.delete(stageRoute).where(eq(stageRoute.id, id));
    }
  });
});

describe('JSON export', () => {
  test('is the itinerary document with notes, lists and bookings, as a download', async ({
    server,
  }) => {
    const response = await call(
      server,
      owner,
      'GET',
      `/api/itineraries/${itineraryId}/export.json`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('filename="Rome-London.json"');
    const exported = itineraryExportSchema.parse(response.json());
    const tree = expectStatus<ItineraryTree>(
      await call(server, owner, 'GET', `/api/itineraries/${itineraryId}`),
      200,
    );
    const { notes, lists, exportedAt, ...document } = exported;
    expect(document).toEqual(tree);
    const { bookings } = exported;
    expect(notes.map((row) => row.body)).toEqual(['door code 1234']);
    expect(lists[0]?.items.map((item) => item.text)).toEqual(['Passport']);
    expect(bookings.map((row) => row.startAt)).toEqual([
      '2027-03-28T01:30',
      '2027-04-01T08:30',
      '2027-04-05T11:00',
      '2027-10-31T01:30',
    ]);
    expect(bookings[0]?.confirmationCode).toBe('ABC123');
    expect(Date.parse(exportedAt)).not.toBeNaN();
  });

  test('is for members only', async ({ server }) => {
    const url = `/api/itineraries/${itineraryId}/export.json`;
    expect((await call(server, viewer, 'GET', url)).statusCode).toBe(200);
    expect((await call(server, stranger, 'GET', url)).statusCode).toBe(404);
    expect((await call(server, null, 'GET', `${url}?share=${shareToken}`)).statusCode).toBe(401);
  });
});

describe('calendar feed', () => {
  const feedPath = () => `/api/itineraries/${itineraryId}/calendar-feed`;
  const feedUrl = (feed: CalendarFeed) => new URL(feed.url ?? '').pathname;

  test('lets a viewer make a feed that calendar apps read without a session, until it is revoked', async ({
    server,
  }) => {
    expect(
      expectStatus<CalendarFeedState>(await call(server, viewer, 'GET', feedPath()), 200).feed,
    ).toBeNull();
    const feed = expectStatus<CalendarFeed>(await call(server, viewer, 'POST', feedPath()), 201);
    expect(feed.url).toMatch(/^http:\/\/localhost:\d+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const read = await call(server, null, 'GET', feedUrl(feed));
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toMatch(/^text\/calendar/);
    const { events } = parseCalendar(read.body);
    expect(events.length).toBeGreaterThanOrEqual(5);
    // Confirmation codes stay out unless the member asked for them when making the feed.
    expect(feed.includeConfirmationCodes).toBe(false);
    expect(unfold(read.body)).toContain('BA 548');
    expect(unfold(read.body)).not.toContain('ABC123');
    // The address is never repeated; reading it is noted.
    const state = expectStatus<CalendarFeedState>(
      await call(server, viewer, 'GET', feedPath()),
      200,
    );
    expect(state.feed).toMatchObject({ id: feed.id, url: null });
    expect(state.feed?.lastReadAt).not.toBeNull();

    // A new address replaces the old one.
    const renewed = expectStatus<CalendarFeed>(await call(server, viewer, 'POST', feedPath()), 201);
    expect((await call(server, null, 'GET', feedUrl(feed))).statusCode).toBe(404);
    expect((await call(server, null, 'GET', feedUrl(renewed))).statusCode).toBe(200);

    expect((await call(server, viewer, 'DELETE', feedPath())).statusCode).toBe(204);
    const revoked = await call(server, null, 'GET', feedUrl(renewed));
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json()).toMatchObject({ error: { code: 'calendar-feed/not-found' } });
    expect(
      expectStatus<CalendarFeedState>(await call(server, viewer, 'GET', feedPath()), 200).feed,
    ).toBeNull();
  });

  test('carries confirmation codes only when asked to when it is made', async ({ server }) => {
    const feed = expectStatus<CalendarFeed>(
      await call(server, owner, 'POST', feedPath(), {
        payload: { includeConfirmationCodes: true },
      }),
      201,
    );
    expect(feed.includeConfirmationCodes).toBe(true);
    expect(unfold((await call(server, null, 'GET', feedUrl(feed))).body)).toContain(
      'Confirmation: ABC123',
    );
    expect(
      expectStatus<CalendarFeedState>(await call(server, owner, 'GET', feedPath()), 200).feed,
    ).toMatchObject({ includeConfirmationCodes: true });

    // A new address is made with the choice asked again: off unless said.
    const renewed = expectStatus<CalendarFeed>(
      await call(server, owner, 'POST', feedPath(), { payload: {} }),
      201,
    );
    expect(renewed.includeConfirmationCodes).toBe(false);
    expect(unfold((await call(server, null, 'GET', feedUrl(renewed))).body)).not.toContain(
      'ABC123',
    );

    expectFieldError(
      await call(server, owner, 'POST', feedPath(), {
        payload: { includeConfirmationCodes: 'yes' },
      }),
      'includeConfirmationCodes',
    );
    await call(server, owner, 'DELETE', feedPath());
  });

  test('is refused to strangers and share-link holders; unknown tokens get 404', async ({
    server,
  }) => {
    expect((await call(server, stranger, 'POST', feedPath())).statusCode).toBe(404);
    expect((await call(server, null, 'POST', `${feedPath()}?share=${shareToken}`)).statusCode).toBe(
      401,
    );
    expect(
      (await call(server, null, 'GET', `/api/calendar/${'x'.repeat(43)}.ics`)).statusCode,
    ).toBe(404);
  });

  test('stops working when its creator leaves the trip', async ({ server }) => {
    const leaver = await createSignedInUser(server, 'leaver');
    await addMember(server, itineraryId, leaver.id, 'editor');
    const feed = expectStatus<CalendarFeed>(await call(server, leaver, 'POST', feedPath()), 201);
    expect((await call(server, null, 'GET', feedUrl(feed))).statusCode).toBe(200);
    await server.database.db
      .delete(itineraryMember)
      .where(
        and(eq(itineraryMember.itineraryId, itineraryId), eq(itineraryMember.userId, leaver.id)),
      );
    expect((await call(server, null, 'GET', feedUrl(feed))).statusCode).toBe(404);
  });
});
