import { PLACE_CATEGORIES, type Role } from '@jammy/shared/itineraries';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** An itinerary with its stages and places, as the JSON text GET /api/itineraries/{id} sends. */
export interface ItineraryDocument {
  role: Role;
  trashed: boolean;
  json: string;
}

/** A timestamp as JavaScript's toISOString writes it (UTC, milliseconds, "Z"). */
const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * The hot read, in one statement: the caller's role, and the whole document built as JSON
 * by PostgreSQL, so the server sends it without mapping rows or serialising objects (see
 * docs/decisions/004). The shape is the presenters' (presenters.ts); the
 * `itinerary-document` integration test holds the two equal, field by field.
 * Null when the caller is not a member (the route answers 404 either way).
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
  );
}

/** The document as a share-link holder sees it: read-only, whoever asks (link checked before). */
export async function readSharedItineraryDocument(
  db: Db,
  itineraryId: string,
): Promise<ItineraryDocument | null> {
  return readDocument(db, itineraryId, sql`'viewer'::text`, sql``);
}

async function readDocument(
  db: Db,
  itineraryId: string,
  role: SQL,
  join: SQL,
): Promise<ItineraryDocument | null> {
  const result = await db.execute<{ role: Role; trashed: boolean; json: string }>(sql`
    select ${role} as role, i.deleted_at is not null as trashed, json_build_object(
      'itinerary', json_build_object(
        'id', i.id, 'title', i.title, 'description', i.description,
        'startDate', i.start_date, 'endDate', i.end_date, 'timezone', i.timezone,
        'coverUrl', i.cover_url, 'ownerId', i.owner_id, 'role', ${role},
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
          'costMinor', p.cost_minor, 'currency', p.currency, 'notes', p.notes,
          'createdAt', ${iso('p.created_at')}, 'updatedAt', ${iso('p.updated_at')},
          'version', p.version
        ) order by p.position, p.id)
        from place p where p.itinerary_id = i.id), '[]'::json)
    )::text as json
    from itinerary i
    ${join}
    where i.id = ${itineraryId}
  `);
  return result.rows[0] ?? null;
}
