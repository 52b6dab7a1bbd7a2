import type { Place, Stage } from '@jammy/shared/itineraries';
import { XMLBuilder } from 'fast-xml-parser';
import { Temporal } from 'temporal-polyfill';
import type { TripData } from './exports.repository';

const GPX_NAMESPACE = 'http://www.topografix.com/GPX/1/1';
const SCHEMA_LOCATION = `${GPX_NAMESPACE} http://www.topografix.com/GPX/1/1/gpx.xsd`;

type Located<T> = T & { lat: number; lng: number };

function located<T extends { lat: number | null; lng: number | null }>(row: T): row is Located<T> {
  return row.lat !== null && row.lng !== null;
}

/** A place's day and time as an instant (in the trip's zone, else UTC), for `<time>`. */
function placeTime(row: Place, zone: string | null): string | undefined {
  if (!row.day || !row.time) return undefined;
  const local = Temporal.PlainDateTime.from(`${row.day}T${row.time}`);
  return local
    .toZonedDateTime(zone ?? 'UTC')
    .toInstant()
    .toString();
}

/** A point's attributes and children, in the order the GPX 1.1 schema requires. */
function point(
  lat: number,
  lng: number,
  fields: { time?: string; name: string; desc?: string; type?: string },
) {
  return {
    '@_lat': lat,
    '@_lon': lng,
    ...(fields.time ? { time: fields.time } : {}),
    name: fields.name,
    ...(fields.desc ? { desc: fields.desc } : {}),
    ...(fields.type ? { type: fields.type } : {}),
  };
}

function stageRoute(row: Stage, places: Located<Place>[]) {
  const points = [
    ...(located(row) ? [point(row.lat, row.lng, { name: row.destinationName ?? row.title })] : []),
    ...places.map((place) =>
      point(place.lat, place.lng, { name: place.name, type: place.category }),
    ),
  ];
  if (points.length === 0) return null;
  return { name: row.title, ...(row.notes ? { desc: row.notes } : {}), rtept: points };
}

/**
 * The trip as GPX 1.1: a waypoint for each place with coordinates (its category as `type`,
 * its day and time as `time`), a route per stage through its destination and its places, in
 * order, and a track for each track imported into a stage (named as imported, else after its
 * stage).
 */
export function buildGpx(trip: TripData): string {
  const zone = trip.itinerary.timezone;
  const places = trip.places.filter(located);
  const waypoints = places.map((row) =>
    point(row.lat, row.lng, {
      time: placeTime(row, zone),
      name: row.name,
      desc: [row.address, row.notes].filter(Boolean).join('\n') || undefined,
      type: row.category,
    }),
  );
  const routes = trip.stages
    .map((row) =>
      stageRoute(
        row,
        places.filter((place) => place.stageId === row.id),
      ),
    )
    .filter((route) => route !== null);
  const stageTitles = new Map(trip.stages.map((row) => [row.id, row.title]));
  const tracks = trip.tracks.map((track) => ({
    name: track.name || stageTitles.get(track.stageId) || trip.itinerary.title,
    trkseg: { trkpt: track.coordinates.map(([lng, lat]) => ({ '@_lat': lat, '@_lon': lng })) },
  }));
  const document = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    gpx: {
      '@_version': '1.1',
      '@_creator': 'Jammy',
      '@_xmlns': GPX_NAMESPACE,
      '@_xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
      '@_xsi:schemaLocation': SCHEMA_LOCATION,
      metadata: {
        name: trip.itinerary.title,
        ...(trip.itinerary.description ? { desc: trip.itinerary.description } : {}),
        time: trip.itinerary.updatedAt.toISOString(),
      },
      wpt: waypoints,
      rte: routes,
      trk: tracks,
    },
  };
  const builder = new XMLBuilder({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    format: true,
    suppressEmptyNode: true,
    processEntities: true,
  });
  return builder.build(document) as string;
}
