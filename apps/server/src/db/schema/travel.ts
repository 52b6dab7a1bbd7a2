import {
  doublePrecision,
  integer,
  primaryKey,
  text,
  timestamp,
  pgTable,
} from 'drizzle-orm/pg-core';

/**
 * Travel between two points as a routing server answered it, kept so that a day's plan asks
 * once. Keyed by the points themselves: a stop that moves has new coordinates, so its legs are
 * asked again and the old rows are never read. `router` names the server (its kind and address):
 * another server's answers are its own. Estimates are not kept (they cost nothing to make).
 */
export const travelTime = pgTable(
  'travel_time',
  {
    fromLat: doublePrecision('from_lat').notNull(),
    fromLng: doublePrecision('from_lng').notNull(),
    toLat: doublePrecision('to_lat').notNull(),
    toLng: doublePrecision('to_lng').notNull(),
    mode: text('mode').notNull(),
    router: text('router').notNull(),
    distanceMeters: integer('distance_meters').notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({
      columns: [table.fromLat, table.fromLng, table.toLat, table.toLng, table.mode, table.router],
    }),
  ],
);
