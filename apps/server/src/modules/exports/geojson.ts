import type { TripData } from './exports.repository';

type Position = [number, number];

interface Feature {
  type: 'Feature';
  id: string;
  geometry:
    { type: 'Point'; coordinates: Position } | { type: 'LineString'; coordinates: Position[] };
  properties: Record<string, unknown>;
}

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
 * The trip as a GeoJSON FeatureCollection (RFC 7946): a point per stage destination, place,
 * and booking departure and arrival with coordinates, and a line per stage through its
 * destination and places. Feature ids are the rows' ids (a booking's ends: `<id>:from|to`).
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
