import type {
  Itinerary,
  ListItem,
  Note,
  Place,
  PlaceCategory,
  Role,
  Stage,
  TripList,
} from '@jammy/shared/itineraries';
import { PLACE_CATEGORIES } from '@jammy/shared/itineraries';
import type { itinerary, list, listItem, note, place, stage } from '../../db/schema/itineraries';
import { presentFileRef } from '../files/storage.presenter';
import type { FileObjectRow } from '../files/objects.repository';
import { BOOKING_KINDS, type Booking, type BookingKind } from '@jammy/shared/bookings';
import type { booking } from '../../db/schema/bookings';

type Row<T extends { $inferSelect: unknown }> = T['$inferSelect'];

/** An itinerary; `cover` is its uploaded cover photo's row, when it has one. */
export function presentItinerary(
  row: Row<typeof itinerary>,
  role: Role,
  cover: FileObjectRow | null = null,
): Itinerary {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    startDate: row.startDate,
    endDate: row.endDate,
    timezone: row.timezone,
    currency: row.currency,
    coverUrl: row.coverUrl,
    cover: cover ? presentFileRef(cover) : null,
    ownerId: row.ownerId,
    role,
    deletedAt: row.deletedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

export function presentStage(row: Row<typeof stage>): Stage {
  return {
    id: row.id,
    itineraryId: row.itineraryId,
    position: row.position,
    title: row.title,
    destinationName: row.destinationName,
    lat: row.lat,
    lng: row.lng,
    countryCode: row.countryCode,
    startDate: row.startDate,
    endDate: row.endDate,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

function category(value: string): PlaceCategory {
  return PLACE_CATEGORIES.find((known) => known === value) ?? 'other';
}

export function presentPlace(row: Row<typeof place>): Place {
  return {
    id: row.id,
    itineraryId: row.itineraryId,
    stageId: row.stageId,
    position: row.position,
    name: row.name,
    category: category(row.category),
    lat: row.lat,
    lng: row.lng,
    address: row.address,
    url: row.url,
    day: row.day,
    time: row.time?.slice(0, 5) ?? null,
    durationMinutes: row.durationMinutes,
    openingHours: row.openingHours,
    costMinor: row.costMinor,
    currency: row.currency,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

export function presentNote(row: Row<typeof note>): Note {
  return {
    id: row.id,
    itineraryId: row.itineraryId,
    title: row.title,
    body: row.body,
    pinned: row.pinned,
    private: row.private,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

export function presentListItem(row: Row<typeof listItem>): ListItem {
  return {
    id: row.id,
    listId: row.listId,
    text: row.text,
    checked: row.checked,
    position: row.position,
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

export function presentList(row: Row<typeof list>, items: Row<typeof listItem>[]): TripList {
  return {
    id: row.id,
    itineraryId: row.itineraryId,
    title: row.title,
    kind: row.kind,
    position: row.position,
    items: items.map(presentListItem),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/** A stored wall-clock time (`2027-03-28 10:00:00`) as the API writes it (`2027-03-28T10:00`). */
export function presentLocalDateTime(value: string | null): string | null {
  return value === null ? null : value.slice(0, 16).replace(' ', 'T');
}

/** A kind this version does not know (written by a later one) reads as `other`. */
function bookingKind(value: string): BookingKind {
  return (BOOKING_KINDS as readonly string[]).includes(value) ? (value as BookingKind) : 'other';
}

/** A booking; `member` false (a share-link holder) never sees its confirmation code. */
export function presentBooking(row: Row<typeof booking>, member = true): Booking {
  return {
    id: row.id,
    itineraryId: row.itineraryId,
    kind: bookingKind(row.kind),
    title: row.title,
    stageId: row.stageId,
    placeId: row.placeId,
    carrier: row.carrier,
    number: row.number,
    fromName: row.fromName,
    fromLat: row.fromLat,
    fromLng: row.fromLng,
    toName: row.toName,
    toLat: row.toLat,
    toLng: row.toLng,
    startAt: presentLocalDateTime(row.startAt),
    startZone: row.startZone,
    endAt: presentLocalDateTime(row.endAt),
    endZone: row.endZone,
    startDate: row.startDate,
    endDate: row.endDate,
    confirmationCode: member ? row.confirmationCode : null,
    address: row.address,
    costMinor: row.costMinor,
    currency: row.currency,
    url: row.url,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}
