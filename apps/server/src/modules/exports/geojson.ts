import type { Booking } from '@jammy/shared/bookings';
import { greatCircle } from '@turf/great-circle';
import type { Geometry } from 'geojson';
import type { TripData } from './exports.repository';
import { tripPoints } from './trip-points';

type Position = [number, number];

interface Feature {
  type: 'Feature';
  id: string;
  geometry: Geometry;
  properties: Record<string, unknown>;
}

/** Points along a flight's great circle: smooth at any zoom a trip is seen at. */
const ARC_POINTS = 64;

/** GeoJSON positions are longitude first (RFC 7946 §3.1.1). */
function position(lat: number | null, lng: number | null): Position | null {
  return lat !== null && lng !== null ? [lng, lat] : null;
}

function pointFeature(id: string, at: Position | null, properties: Record<string, unknown>) {
  return at
    ? [
        {
          type: 'Feature' as const,
          id,
          geometry: { type: 'Point' as const, coordinates: at },
          properties,
        },
      ]
    : [];
}

/**
 * The line of a transport booking from its departure to its arrival: a flight along the great
 * circle (cut in two where it crosses the antimeridian, RFC 7946 §3.1.9), anything else
 * straight. Null without both ends, or when they are the same point.
 */
function bookingLine(row: Booking): Geometry | null {
  const from = position(row.fromLat, row.fromLng);
  const to = position(row.toLat, row.toLng);
  if (!from || !to || (from[0] === to[0] && from[1] === to[1])) return null;
  if (row.kind !== 'flight') return { type: 'LineString', coordinates: [from, to] };
  const arc = greatCircle(from, to, { npoints: ARC_POINTS }).geometry;
  // The arc's computed ends may differ in the last decimals: the airports stay exact.
  if (arc.type === 'LineString') {
    return { type: 'LineString', coordinates: [from, ...arc.coordinates.slice(1, -1), to] };
  }
  const parts = arc.coordinates.map((part) => [...part]);
  parts[0]?.splice(0, 1, from);
  parts.at(-1)?.splice(-1, 1, to);
  // The arc's parts stop short of the antimeridian: each is drawn on to it, where the
  // straight line between their ends crosses it.
  for (let index = 1; index < parts.length; index += 1) {
    const before = parts[index - 1] ?? [];
    const after = parts[index] ?? [];
    const [lng1 = 0, lat1 = 0] = before.at(-1) ?? [];
    const [lng2 = 0, lat2 = 0] = after[0] ?? [];
    const edge = lng1 > 0 ? 180 : -180;
    const unwrapped = lng2 + 2 * edge;
    const lat = lat1 + ((lat2 - lat1) * (edge - lng1)) / (unwrapped - lng1);
    before.push([edge, lat]);
    after.unshift([-edge, lat]);
  }
  return { type: 'MultiLineString', coordinates: parts };
}

/**
 * The trip as a GeoJSON FeatureCollection (RFC 7946): a point per stage destination, place,
 * and booking departure and arrival with coordinates; a line through all of them in the
 * trip's order (`<itinerary id>:route`, see `tripPoints`), a line per stage through its
 * destination and places, a line per transport booking (`<id>:line`; a great circle for a
 * flight) and imported tracks. Feature ids are the rows' ids (a booking's ends: `<id>:from|to`).
 */
export function buildGeoJson(trip: TripData): object {
  const features: Feature[] = [];
  for (const row of trip.stages) {
    features.push(
      ...pointFeature(row.id, position(row.lat, row.lng), {
        kind: 'stage',
        title: row.title,
        name: row.destinationName,
        startDate: row.startDate,
        endDate: row.endDate,
        countryCode: row.countryCode,
      }),
    );
  }
  for (const row of trip.places) {
    features.push(
      ...pointFeature(row.id, position(row.lat, row.lng), {
        kind: 'place',
        name: row.name,
        category: row.category,
        stageId: row.stageId,
        day: row.day,
        time: row.time,
        address: row.address,
      }),
    );
  }
  for (const row of trip.bookings) {
    const common = { kind: 'booking', bookingKind: row.kind, title: row.title, bookingId: row.id };
    features.push(
      ...pointFeature(`${row.id}:from`, position(row.fromLat, row.fromLng), {
        ...common,
        end: 'from',
        name: row.fromName,
        at: row.startAt,
        zone: row.startZone,
      }),
      ...pointFeature(`${row.id}:to`, position(row.toLat, row.toLng), {
        ...common,
        end: 'to',
        name: row.toName,
        at: row.endAt,
        zone: row.endZone,
      }),
    );
  }
  for (const row of trip.stages) {
    const line = [
      position(row.lat, row.lng),
      ...trip.places
        .filter((place) => place.stageId === row.id)
        .map((place) => position(place.lat, place.lng)),
    ].filter((at) => at !== null);
    // A LineString needs two positions or more (RFC 7946 §3.1.4).
    if (line.length < 2) continue;
    features.push({
      type: 'Feature',
      id: `${row.id}:route`,
      geometry: { type: 'LineString', coordinates: line },
      properties: { kind: 'route', title: row.title, stageId: row.id },
    });
  }
  for (const row of trip.bookings) {
    const geometry = bookingLine(row);
    if (!geometry) continue;
    features.push({
      type: 'Feature',
      id: `${row.id}:line`,
      geometry,
      properties: {
        kind: 'booking-line',
        bookingKind: row.kind,
        title: row.title,
        bookingId: row.id,
      },
    });
  }
  const route = tripPoints(trip).map((point): Position => [point.lng, point.lat]);
  if (route.length >= 2) {
    features.push({
      type: 'Feature',
      id: `${trip.itinerary.id}:route`,
      geometry: { type: 'LineString', coordinates: route },
      properties: { kind: 'trip-route', title: trip.itinerary.title },
    });
  }
  for (const track of trip.tracks) {
    if (track.coordinates.length < 2) continue;
    features.push({
      type: 'Feature',
      id: `${track.id}:track`,
      geometry: { type: 'LineString', coordinates: track.coordinates },
      properties: { kind: 'track', name: track.name, stageId: track.stageId },
    });
  }
  return { type: 'FeatureCollection', features };
}
