import { tripLegs } from '@jammy/shared/trip-legs';
import { XMLBuilder } from 'fast-xml-parser';
import type { TripData } from './exports.repository';
import { tripPoints, type TripPoint } from './trip-points';

const GPX_NAMESPACE = 'http://www.topografix.com/GPX/1/1';
const SCHEMA_LOCATION = `${GPX_NAMESPACE} http://www.topografix.com/GPX/1/1/gpx.xsd`;

/** A `<wpt>` or `<rtept>`: attributes and children in the order the GPX 1.1 schema requires. */
function point(row: TripPoint) {
  return {
    '@_lat': row.lat,
    '@_lon': row.lng,
    ...(row.time ? { time: row.time } : {}),
    name: row.name,
    ...(row.desc ? { desc: row.desc } : {}),
    type: row.type,
  };
}

/**
 * The trip as GPX 1.1, as map and GPS apps read it: a waypoint for each stage destination,
 * place and booking departure or arrival with coordinates (its kind, category or booking kind
 * as `type`; its time when it has one), one route through them all in the trip's order (see
 * `tripPoints`), a track for each track imported into a stage (named as imported, else
 * after its stage), and a track for each leg of the journey booked (a flight along its great
 * circle, a train, bus, ferry or rented car straight from departure to arrival; typed by its
 * mode, one segment each side of the antimeridian), as the trip's map draws them.
 */
export function buildGpx(trip: TripData): string {
  const points = tripPoints(trip);
  // A route of fewer than two points is no line: readers drop it.
  const route =
    points.length >= 2
      ? [
          {
            name: trip.itinerary.title,
            ...(trip.itinerary.description ? { desc: trip.itinerary.description } : {}),
            rtept: points.map(point),
          },
        ]
      : [];
  const stageTitles = new Map(trip.stages.map((row) => [row.id, row.title]));
  const tracks = trip.tracks.map((track) => ({
    name: track.name || stageTitles.get(track.stageId) || trip.itinerary.title,
    trkseg: { trkpt: track.coordinates.map(([lng, lat]) => ({ '@_lat': lat, '@_lon': lng })) },
  }));
  const titles = new Map(trip.bookings.map((row) => [row.id, row.title]));
  const legs = tripLegs(trip.bookings).map((leg) => ({
    name: titles.get(leg.id) ?? trip.itinerary.title,
    type: leg.mode,
    trkseg: leg.parts.map((part) => ({
      trkpt: part.map(([lat, lng]) => ({ '@_lat': lat, '@_lon': lng })),
    })),
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
      wpt: points.map(point),
      rte: route,
      trk: [...tracks, ...legs],
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
