import { BOOKING_KINDS } from '@jammy/shared/bookings';
import { PLACE_CATEGORIES, type Role } from '@jammy/shared/itineraries';
import { isUuidV7 } from '@jammy/shared/uuid';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fileRefSql } from '../files/storage.presenter';
import type { DocumentCache } from './document-cache';

/** An itinerary with its stages and places, as the JSON text GET /api/itineraries/{id} sends. */
export interface ItineraryDocument {
  role: Role;
  trashed: boolean;
  json: string;
}

/** A timestamp as JavaScript's toISOString writes it (UTC, milliseconds, "Z"). */
const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** A wall-clock time (`timestamp without time zone`) as the API writes it: `YYYY-MM-DDTHH:MM`. */
const local = (column: string) => sql.raw(`to_char(${column}, 'YYYY-MM-DD"T"HH24:MI')`);

/**
 * The hot read, in one statement: the caller's role, and the whole document built as JSON
 * by PostgreSQL, so the server sends it without mapping rows or serialising objects (see
 * docs/decisions/004). The shape is the presenters' (presenters.ts); the
 * `itinerary-document` integration test holds the two equal, field by field.
 * Null when the caller is not a member (the route answers 404 either way).
 * The role comes first, so that a member's document for another role is this one with its
 * first value changed (`withRole`, document-cache.ts): members' documents differ in nothing
 * else.
 */
export async function readItineraryDocument(
  db: Db,
  itineraryId: string,
  userId: string,
): Promise<ItineraryDocument | null> {
  return readDocument(
    db,
    itineraryId,
    sql`m.role`,
    sql`join itinerary_member m on m.itinerary_id = i.id and m.user_id = ${userId}`,
    true,
  );
}

/** The document as a share-link holder sees it: read-only, whoever asks (link checked before). */
export async function readSharedItineraryDocument(
  db: Db,
  itineraryId: string,
): Promise<ItineraryDocument | null> {
  return readDocument(db, itineraryId, sql`'viewer'::text`, sql``, false);
}

async function readDocument(
  db: Db,
  itineraryId: string,
  role: SQL,
  join: SQL,
  member: boolean,
): Promise<ItineraryDocument | null> {
  const result = await db.execute<{ role: Role; trashed: boolean; json: string }>(sql`
    select ${role} as role, i.deleted_at is not null as trashed, json_build_object(
      'itinerary', json_build_object(
        'role', ${role},
        'id', i.id, 'title', i.title, 'description', i.description,
        'startDate', i.start_date, 'endDate', i.end_date, 'timezone', i.timezone,
        'currency', i.currency,
        'coverUrl', i.cover_url,
        'cover', (select ${fileRefSql('cf')} from file_object cf where cf.id = i.cover_file_id),
        'ownerId', i.owner_id,
        'deletedAt', ${iso('i.deleted_at')}, 'createdAt', ${iso('i.created_at')},
        'updatedAt', ${iso('i.updated_at')}, 'version', i.version),
      'stages', coalesce((
        select json_agg(json_build_object(
          'id', s.id, 'itineraryId', s.itinerary_id, 'position', s.position, 'title', s.title,
          'destinationName', s.destination_name, 'lat', s.lat, 'lng', s.lng,
          'countryCode', s.country_code, 'startDate', s.start_date, 'endDate', s.end_date,
          'notes', s.notes, 'createdAt', ${iso('s.created_at')},
          'updatedAt', ${iso('s.updated_at')}, 'version', s.version
        ) order by s.position, s.id)
        from stage s where s.itinerary_id = i.id), '[]'::json),
      'places', coalesce((
        select json_agg(json_build_object(
          'id', p.id, 'itineraryId', p.itinerary_id, 'stageId', p.stage_id,
          'position', p.position, 'name', p.name,
          'category', case when p.category in ${[...PLACE_CATEGORIES]} then p.category else 'other' end,
          'lat', p.lat, 'lng', p.lng, 'address', p.address, 'url', p.url, 'day', p.day,
          'time', left(p.time::text, 5), 'durationMinutes', p.duration_minutes,
          'openingHours', p.opening_hours, 'costMinor', p.cost_minor, 'currency', p.currency, 'notes', p.notes,
          'createdAt', ${iso('p.created_at')}, 'updatedAt', ${iso('p.updated_at')},
          'version', p.version
        ) order by p.position, p.id)
        from place p where p.itinerary_id = i.id), '[]'::json),
      'photos', coalesce((
        select json_agg(json_build_object(
          'id', ph.id, 'itineraryId', ph.itinerary_id, 'stageId', ph.stage_id,
          'placeId', ph.place_id, 'caption', ph.caption, 'position', ph.position,
          'file', ${fileRefSql('pf')}, 'createdAt', ${iso('ph.created_at')},
          'updatedAt', ${iso('ph.updated_at')}, 'version', ph.version
        ) order by ph.position, ph.id)
        from photo ph join file_object pf on pf.id = ph.file_id
        where ph.itinerary_id = i.id), '[]'::json),
      'attachments', coalesce((
        select json_agg(json_build_object(
          'id', a.id, 'itineraryId', a.itinerary_id, 'placeId', a.place_id, 'title', a.title,
          'private', a.private, 'file', ${fileRefSql('af')},
          'createdAt', ${iso('a.created_at')}, 'updatedAt', ${iso('a.updated_at')},
          'version', a.version
        ) order by a.created_at, a.id)
        from attachment a join file_object af on af.id = a.file_id
        where a.itinerary_id = i.id ${member ? sql`` : sql`and not a.private`}), '[]'::json),
      'bookings', coalesce((
        select json_agg(json_build_object(
          'id', b.id, 'itineraryId', b.itinerary_id,
          'kind', case when b.kind in ${[...BOOKING_KINDS]} then b.kind else 'other' end,
          'title', b.title, 'stageId', b.stage_id, 'placeId', b.place_id,
          'carrier', b.carrier, 'number', b.number, 'fromName', b.from_name,
          'fromLat', b.from_lat, 'fromLng', b.from_lng, 'toName', b.to_name,
          'toLat', b.to_lat, 'toLng', b.to_lng,
          'startAt', ${local('b.start_at')}, 'startZone', b.start_zone,
          'endAt', ${local('b.end_at')}, 'endZone', b.end_zone,
          'startDate', b.start_date, 'endDate', b.end_date,
          'confirmationCode', ${member ? sql`b.confirmation_code` : sql`null`},
          'address', b.address, 'costMinor', b.cost_minor, 'currency', b.currency,
          'url', b.url, 'notes', b.notes,
          'createdAt', ${iso('b.created_at')}, 'updatedAt', ${iso('b.updated_at')},
          'version', b.version
        ) order by coalesce(b.start_at, b.start_date) asc nulls last, b.id)
        from booking b where b.itinerary_id = i.id), '[]'::json)
    )::text as json
    from itinerary i
    ${join}
    where i.id = ${itineraryId}
  `);
  return result.rows[0] ?? null;
}

/**
 * The title of itinerary `itineraryId` for `userId` when they may read it, else null: by the
 * rule and through the cache of GET /api/itineraries/{id} itself (a member; not in the trash).
 * With `stageId`, the title of that stage of the trip (null when the trip has no such stage).
 * For the trip's and a stage's pages, whose frame shows the title: the document loaded here is
 * the one the page's next request reads, from memory then, rather than a second read of
 * PostgreSQL.
 */
export async function readableTitle(
  db: Db,
  documents: Pick<DocumentCache, 'load'>,
  itineraryId: string,
  userId: string,
  stageId?: string,
): Promise<string | null> {
  if (!isUuidV7(itineraryId)) return null;
  const document = await documents.load(itineraryId, userId, () =>
    readItineraryDocument(db, itineraryId, userId),
  );
  if (!document) return null;
  const tree = JSON.parse(document.json) as {
    itinerary: { title: string };
    stages: { id: string; title: string }[];
  };
  if (stageId === undefined) return tree.itinerary.title;
  return tree.stages.find((stage) => stage.id === stageId)?.title ?? null;
}
