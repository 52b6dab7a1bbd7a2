import { bookingDay, type Booking } from '@jammy/shared/bookings';
import type { Stage } from '@jammy/shared/itineraries';
import { Temporal } from 'temporal-polyfill';
import type { TripData } from './exports.repository';

/** A point of the trip with coordinates: a stage's destination, a place, a booking's end. */
export interface TripPoint {
  /** The row's id; a booking's ends are `<id>:from` and `<id>:to`. */
  id: string;
  kind: 'stage' | 'place' | 'booking';
  lat: number;
  lng: number;
  name: string;
  /** What a map app shows under the name (notes, address, the booking's title). */
  desc: string;
  /** A stage is "stage", a place its category, a booking's end its kind ("flight"). */
  type: string;
  /** The instant it happens (ISO 8601, UTC), when it has a day and a time. */
  time: string | undefined;
}

/** A wall-clock time in `zone` (else UTC) as an instant, `2027-03-21T08:30:00Z`. */
export function instantOf(local: string, zone: string | null): string {
  return Temporal.PlainDateTime.from(local)
    .toZonedDateTime(zone ?? 'UTC')
    .toInstant()
    .toString();
}

function stagePoint(row: Stage): TripPoint | null {
  if (row.lat === null || row.lng === null) return null;
  return {
    id: row.id,
    kind: 'stage',
    lat: row.lat,
    lng: row.lng,
    name: row.destinationName ?? row.title,
    desc: [row.destinationName && row.destinationName !== row.title ? row.title : '', row.notes]
      .filter(Boolean)
      .join('\n'),
    type: 'stage',
    time: undefined,
  };
}

/** A booking's departure and arrival, those with coordinates. */
export function bookingPoints(row: Booking): TripPoint[] {
  const desc = [row.title, [row.carrier, row.number].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join('\n');
  const ends = [
    {
      end: 'from',
      lat: row.fromLat,
      lng: row.fromLng,
      name: row.fromName,
      at: row.startAt,
      zone: row.startZone,
    },
    {
      end: 'to',
      lat: row.toLat,
      lng: row.toLng,
      name: row.toName,
      at: row.endAt,
      zone: row.endZone,
    },
  ];
  return ends.flatMap(({ end, lat, lng, name, at, zone }) =>
    lat === null || lng === null
      ? []
      : [
          {
            id: `${row.id}:${end}`,
            kind: 'booking' as const,
            lat,
            lng,
            name: name ?? row.title,
            desc,
            type: row.kind,
            time: at && zone ? instantOf(at, zone) : undefined,
          },
        ],
  );
}

/**
 * The stage a booking belongs to: the one it names, else the last stage whose dates hold the
 * day it starts (a train on the day one stage ends and the next begins takes you to the next).
 */
function stageOfBooking(row: Booking, stages: Stage[]): string | null {
  if (row.stageId) return row.stageId;
  const day = bookingDay(row);
  if (!day) return null;
  const holding = stages.filter(
    (stage) =>
      stage.startDate && stage.startDate <= day && day <= (stage.endDate ?? stage.startDate),
  );
  return holding.at(-1)?.id ?? null;
}

/**
 * Every point of the trip, in its order: stage by stage, the ends of the bookings that take
 * you there (by time), the stage's destination, then its places in order; last, the places of
 * no stage and the bookings that fall in none.
 */
export function tripPoints(trip: TripData): TripPoint[] {
  const byStage = new Map<string | null, Booking[]>();
  for (const row of trip.bookings) {
    const stageId = stageOfBooking(row, trip.stages);
    byStage.set(stageId, [...(byStage.get(stageId) ?? []), row]);
  }
  const placesOf = (stageId: string | null) =>
    trip.places.flatMap((row) =>
      row.stageId === stageId && row.lat !== null && row.lng !== null
        ? [
            {
              id: row.id,
              kind: 'place' as const,
              lat: row.lat,
              lng: row.lng,
              name: row.name,
              desc: [row.address, row.notes].filter(Boolean).join('\n'),
              type: row.category,
              time:
                row.day && row.time
                  ? instantOf(`${row.day}T${row.time}`, trip.itinerary.timezone)
                  : undefined,
            },
          ]
        : [],
    );
  const points: TripPoint[] = [];
  for (const row of trip.stages) {
    points.push(...(byStage.get(row.id) ?? []).flatMap(bookingPoints));
    const destination = stagePoint(row);
    if (destination) points.push(destination);
    points.push(...placesOf(row.id));
  }
  points.push(...placesOf(null));
  points.push(...(byStage.get(null) ?? []).flatMap(bookingPoints));
  return points;
}
