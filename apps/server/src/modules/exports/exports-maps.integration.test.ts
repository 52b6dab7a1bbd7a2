import { check as checkGeoJson } from '@placemarkio/check-geojson';
import type { Place, Stage } from '@jammy/shared/itineraries';
import { eq, inArray } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { uuidv7 } from 'uuidv7';
import { describe, expect } from 'vitest';
import type { Traveller } from '../../../test/clients';
import { createItinerary, createStage } from '../../../test/factories';
import { serverTest } from '../../../test/fixture';
import type { TestServer } from '../../../test/server';
import { booking } from '../../db/schema/bookings';
import { stageRoute } from '../../db/schema/imports';
import { expectValidGpx, readGpx, makeExportTrip, type ExportTrip } from './exports.test-helpers';

const test = serverTest({ mail: 'outbox' });
let server: TestServer;
let api: ExportTrip['api'];
let owner: Traveller;
let viewer: Traveller;
let itineraryId: string;
let rome: Stage;
let london: Stage;
let colosseum: Place;
let forum: Place;
let bookingIds: ExportTrip['bookingIds'];

test.beforeAll(async ({ server: fileServer }) => {
  server = fileServer;
  ({ api, owner, viewer, itineraryId, rome, london, colosseum, forum, bookingIds } =
    await makeExportTrip(server));
}, 60_000);

describe('GPX export', () => {
  test('is valid GPX 1.1: stages, places and booking ends as waypoints, the trip as one route', async () => {
    const response = await api(viewer, 'GET', `/api/itineraries/${itineraryId}/export.gpx`);
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
    // The trip's route, and the flight as a track of its own (the reader puts tracks first).
    expect(lines.map((line) => line.properties?.name)).toEqual(['Flight to Rome', 'Rome & London']);
    expect(lines[1]?.geometry).toMatchObject({ coordinates: expect.any(Array) });

    // The flight goes along its great circle (as the trip's map draws it): from Heathrow to
    // Fiumicino, its points bending north of the straight line.
    const flightLine = lines[0];
    const coordinates =
      flightLine?.geometry?.type === 'LineString' ? flightLine.geometry.coordinates : [];
    expect(coordinates.length).toBeGreaterThan(10);
    expect(coordinates[0]).toEqual([-0.4543, 51.47]);
    expect(coordinates.at(-1)).toEqual([12.2389, 41.8003]);
    const middle = coordinates[Math.floor(coordinates.length / 2)] ?? [];
    expect(middle[1]).toBeGreaterThan((51.47 + 41.8003) / 2);
    expect(response.body).toContain('<type>flight</type>');
  });

  test('is valid GPX 1.1 for a trip of stages alone, read back as points', async () => {
    const trip = await createItinerary(owner, { title: 'Stages only' });
    for (const [title, lat, lng] of [
      ['Milano', 45.4642, 9.19],
      ['Bologna', 44.4949, 11.3426],
    ] as const) {
      await createStage(owner, trip.id, { title, lat, lng, destinationName: title });
    }
    const response = await api(owner, 'GET', `/api/itineraries/${trip.id}/export.gpx`);
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
  test('is a valid FeatureCollection with points and a line per stage', async () => {
    const response = await api(owner, 'GET', `/api/itineraries/${itineraryId}/export.geojson`);
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
  test('draw the trip in its order, transport bookings as lines and flights as great circles', async () => {
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
      const response = await api(owner, 'GET', `/api/itineraries/${itineraryId}/export.geojson`);
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
  test('leave as a GPX track and a GeoJSON line, in their stage', async () => {
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
      const gpxAnswer = await api(viewer, 'GET', `/api/itineraries/${itineraryId}/export.gpx`);
      expect(gpxAnswer.statusCode).toBe(200);
      await expectValidGpx(gpxAnswer.body);
      // The track, the flight's, the trip's route and five waypoints, as another program reads
      // them.
      expect(
        readGpx(gpxAnswer.body).map((feature) => feature.properties?._gpxType ?? 'wpt'),
      ).toEqual(['trk', 'trk', 'rte', 'wpt', 'wpt', 'wpt', 'wpt', 'wpt']);
      const { gpx } = new XMLParser({
        ignoreAttributes: false,
        attributeNamePrefix: '',
        isArray: (name) => ['trk', 'trkseg', 'trkpt'].includes(name),
        parseTagValue: false,
      }).parse(gpxAnswer.body);
      // The imported track first, then the legs booked.
      expect(gpx.trk.map((track: { name: string }) => track.name)).toEqual([
        'Walk to the Pantheon',
        'Flight to Rome',
      ]);
      expect(
        gpx.trk[0].trkseg[0].trkpt.map((point: { lat: string; lon: string }) => [
          Number(point.lon),
          Number(point.lat),
        ]),
      ).toEqual(coordinates);
      // GPX 1.1 puts routes before tracks.
      expect(gpxAnswer.body.lastIndexOf('<rte>')).toBeLessThan(gpxAnswer.body.indexOf('<trk>'));

      const geoAnswer = await api(owner, 'GET', `/api/itineraries/${itineraryId}/export.geojson`);
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
