import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { itinerary, stage } from './itineraries';

/**
 * One committed import (a GPX, KML, GeoJSON or calendar file, or a reviewed pasted list):
 * what it created, so that it can be undone while none of it has changed.
 */
export const importBatch = pgTable(
  'import_batch',
  {
    id: uuid('id').primaryKey(),
    itineraryId: uuid('itinerary_id')
      .notNull()
      .references(() => itinerary.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => user.id, { onDelete: 'set null' }),
    /** gpx | kml | kmz | geojson | ics */
    format: text('format').notNull(),
    fileName: text('file_name').notNull(),
    /** The stage places and routes went to (created by the import or not). */
    stageId: uuid('stage_id').references(() => stage.id, { onDelete: 'set null' }),
    /** The import created the itinerary itself (POST /api/imports). */
    createdItinerary: boolean('created_itinerary').notNull().default(false),
    /** Ids of the rows it created: `{ stageIds, placeIds, routeIds, bookingIds }`. */
    created: jsonb('created').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (table) => [
    index('import_batch_itinerary_idx').on(table.itineraryId),
    index('import_batch_actor_idx').on(table.actorId),
    index('import_batch_stage_idx').on(table.stageId),
  ],
);

/**
 * A line a stage follows (a recorded track, a drawn route): GeoJSON LineString coordinates
 * `[lng, lat][]`, simplified to a bounded number of points when imported.
 */
export const stageRoute = pgTable(
  'stage_route',
  {
    id: uuid('id').primaryKey(),
    itineraryId: uuid('itinerary_id')
      .notNull()
      .references(() => itinerary.id, { onDelete: 'cascade' }),
    stageId: uuid('stage_id')
      .notNull()
      .references(() => stage.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    coordinates: jsonb('coordinates').$type<[number, number][]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('stage_route_stage_idx').on(table.stageId),
    index('stage_route_itinerary_idx').on(table.itineraryId),
  ],
);
