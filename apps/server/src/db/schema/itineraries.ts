import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  time,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * A fractional-index key (fractional-indexing): its order is byte order, so the column
 * compares in the "C" collation whatever the database's locale ("Zz" sorts before "a0").
 */
const positionKey = customType<{ data: string; driverData: string }>({
  dataType: () => 'text COLLATE "C"',
});

// Every user-editable row: UUIDv7 id, timestamps, and a version for optimistic concurrency.
const editable = {
  id: uuid('id').primaryKey(),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const itinerary = pgTable(
  'itinerary',
  {
    ...editable,
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    startDate: date('start_date'),
    endDate: date('end_date'),
    timezone: text('timezone'),
    coverUrl: text('cover_url'),
    /** Set when moved to the trash; restorable for 30 days. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('itinerary_owner_idx').on(table.ownerId),
    check(
      'itinerary_dates_ordered',
      sql`${table.endDate} is null or ${table.startDate} is null or ${table.endDate} >= ${table.startDate}`,
    ),
  ],
);

/** Who may see or change an itinerary, and how (the owner is a member too). */
export const itineraryMember = pgTable(
  'itinerary_member',
  {
    itineraryId: uuid('itinerary_id')
      .notNull()
      .references(() => itinerary.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'editor', 'viewer'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.itineraryId, table.userId] }),
    index('itinerary_member_user_idx').on(table.userId),
  ],
);

export const stage = pgTable(
  'stage',
  {
    ...editable,
    itineraryId: uuid('itinerary_id')
      .notNull()
      .references(() => itinerary.id, { onDelete: 'cascade' }),
    /** Fractional index: a move rewrites this one row. */
    position: positionKey('position').notNull(),
    title: text('title').notNull(),
    destinationName: text('destination_name'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    countryCode: text('country_code'),
    startDate: date('start_date'),
    endDate: date('end_date'),
    notes: text('notes').notNull().default(''),
  },
  (table) => [index('stage_itinerary_position_idx').on(table.itineraryId, table.position)],
);

export const place = pgTable(
  'place',
  {
    ...editable,
    itineraryId: uuid('itinerary_id')
      .notNull()
      .references(() => itinerary.id, { onDelete: 'cascade' }),
    /** Null: a place of the itinerary not yet put in a stage. */
    stageId: uuid('stage_id').references(() => stage.id, { onDelete: 'set null' }),
    position: positionKey('position').notNull(),
    name: text('name').notNull(),
    category: text('category').notNull().default('sight'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    address: text('address'),
    url: text('url'),
    day: date('day'),
    time: time('time'),
    durationMinutes: integer('duration_minutes'),
    cost: numeric('cost', { precision: 12, scale: 2 }),
    currency: text('currency'),
    notes: text('notes').notNull().default(''),
  },
  (table) => [
    index('place_itinerary_position_idx').on(table.itineraryId, table.position),
    index('place_stage_idx').on(table.stageId),
  ],
);

export const note = pgTable(
  'note',
  {
    ...editable,
    itineraryId: uuid('itinerary_id')
      .notNull()
      .references(() => itinerary.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    body: text('body').notNull().default(''),
    pinned: boolean('pinned').notNull().default(false),
  },
  (table) => [index('note_itinerary_idx').on(table.itineraryId)],
);

export const list = pgTable(
  'list',
  {
    ...editable,
    itineraryId: uuid('itinerary_id')
      .notNull()
      .references(() => itinerary.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    kind: text('kind', { enum: ['packing', 'todo'] }).notNull(),
    position: positionKey('position').notNull(),
  },
  (table) => [index('list_itinerary_idx').on(table.itineraryId)],
);

export const listItem = pgTable(
  'list_item',
  {
    ...editable,
    listId: uuid('list_id')
      .notNull()
      .references(() => list.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    checked: boolean('checked').notNull().default(false),
    position: positionKey('position').notNull(),
  },
  (table) => [index('list_item_list_position_idx').on(table.listId, table.position)],
);
