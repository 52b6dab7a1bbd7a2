import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * A fractional-index key (fractional-indexing): its order is byte order, so the column
 * compares in the "C" collation whatever the database's locale ("Zz" sorts before "a0").
 */
export const positionKey = customType<{ data: string; driverData: string }>({
  dataType: () => 'text COLLATE "C"',
});

// Every user-editable row: UUIDv7 id, timestamps, and a version for optimistic concurrency.
export const editable = {
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
    /** ISO 4217 code the budget is kept in; set when first needed. */
    currency: text('currency'),
    coverUrl: text('cover_url'),
    /** An uploaded cover photo (wins over coverUrl when both are set). */
    coverFileId: uuid('cover_file_id').references((): AnyPgColumn => fileObject.id, {
      onDelete: 'set null',
    }),
    /** Set when moved to the trash; restorable for 30 days. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('itinerary_owner_idx').on(table.ownerId),
    // The trash purge looks for old trashed trips among all of them.
    index('itinerary_trashed_idx')
      .on(table.deletedAt)
      .where(sql`${table.deletedAt} is not null`),
    check(
      'itinerary_dates_ordered',
      sql`${table.endDate} is null or ${table.startDate} is null or ${table.endDate} >= ${table.startDate}`,
    ),
  ],
);

// The file object is defined here, beside the itinerary, because each points at the other (a
// trip's files go with it; its cover is one of them): in two modules they would import each
// other. Uploads, photos and attachments are in files.ts.
/** Text compared byte by byte ("C"): object paths sort and page the way storage lists them. */
const byteText = customType<{ data: string; driverData: string }>({
  dataType: () => 'text COLLATE "C"',
});

/** One variant of a photo (a resized WebP copy), kept beside the object's bytes. */
export interface StoredVariant {
  key: string;
  size: number;
  width: number;
  height: number;
  md5Hash: string;
}

/**
 * A stored file (DESIGN §6): its metadata (spec §3) here, its bytes in the blob store under
 * `blob_key` (one key per generation: a new upload never overwrites bytes being read).
 * Objects of an itinerary go with it; a traveller's own (`users/{uid}/…`) with the account.
 */
export const fileObject = pgTable(
  'file_object',
  {
    id: uuid('id').primaryKey(),
    bucket: text('bucket').notNull(),
    path: byteText('path').notNull(),
    /** encodeURIComponent(path): download addresses are built from it in SQL. */
    encodedPath: text('encoded_path').notNull(),
    itineraryId: uuid('itinerary_id').references(() => itinerary.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => user.id, { onDelete: 'cascade' }),
    uploadedBy: uuid('uploaded_by').references(() => user.id, { onDelete: 'set null' }),
    /** Microseconds since the epoch of this upload (changes with every new upload). */
    generation: bigint('generation', { mode: 'number' }).notNull(),
    /** Bumped by every metadata change of this generation. */
    metageneration: integer('metageneration').notNull().default(1),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Base64 MD5 of the stored bytes. */
    md5Hash: text('md5_hash').notNull(),
    /** Sniffed from the bytes. */
    contentType: text('content_type').notNull(),
    cacheControl: text('cache_control'),
    contentDisposition: text('content_disposition'),
    contentEncoding: text('content_encoding'),
    contentLanguage: text('content_language'),
    customMetadata: jsonb('custom_metadata')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Comma-separated, as the protocol sends them; rotating one revokes its links. */
    downloadTokens: text('download_tokens').notNull().default(''),
    blobKey: text('blob_key').notNull(),
    /** Pixels, for photos. */
    width: integer('width'),
    height: integer('height'),
    variants: jsonb('variants').$type<Partial<Record<'thumb' | 'medium', StoredVariant>>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('file_object_path_unique').on(table.bucket, table.path),
    index('file_object_itinerary_idx').on(table.itineraryId),
    index('file_object_user_idx').on(table.userId),
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
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by every role change: a change based on an older one gets 409. */
    version: integer('version').notNull().default(1),
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
    /** OpenStreetMap `opening_hours` syntax, checked by the `opening_hours` package. */
    openingHours: text('opening_hours'),
    /** In the currency's minor unit (ISO 4217 exponent): integers, never floats. */
    costMinor: bigint('cost_minor', { mode: 'number' }),
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
    /** Private notes are for members only: never shown through a share link. */
    private: boolean('private').notNull().default(true),
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

/** An invitation by e-mail to become a member with a role; the link carries the token. */
export const itineraryInvitation = pgTable(
  'itinerary_invitation',
  {
    id: uuid('id').primaryKey(),
    itineraryId: uuid('itinerary_id')
      .notNull()
      .references(() => itinerary.id, { onDelete: 'cascade' }),
    /** Lower-cased address. */
    email: text('email').notNull(),
    role: text('role', { enum: ['editor', 'viewer'] }).notNull(),
    /** SHA-256 (hex) of the random token sent by mail; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('itinerary_invitation_token_unique').on(table.tokenHash),
    uniqueIndex('itinerary_invitation_email_unique').on(table.itineraryId, table.email),
  ],
);

/** A read-only link: anyone holding the token may view the itinerary (no private notes). */
export const shareLink = pgTable(
  'share_link',
  {
    id: uuid('id').primaryKey(),
    itineraryId: uuid('itinerary_id')
      .notNull()
      .references(() => itinerary.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the random token; the token is shown once, at creation. */
    tokenHash: text('token_hash').notNull(),
    createdBy: uuid('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('share_link_token_unique').on(table.tokenHash),
    index('share_link_itinerary_idx').on(table.itineraryId),
  ],
);

/**
 * Every change to an itinerary, in order: the live stream (SSE, resumed by id through
 * Last-Event-ID) and the activity history read from it.
 */
export const itineraryEvent = pgTable(
  'itinerary_event',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    itineraryId: uuid('itinerary_id')
      .notNull()
      .references(() => itinerary.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => user.id, { onDelete: 'set null' }),
    /** The name of the API token the change was made with ("via <name>"); null from the app. */
    viaToken: text('via_token'),
    /** e.g. `place.created`, `stage.moved`, `member.added` (packages/shared/src/sharing.ts). */
    kind: text('kind').notNull(),
    /** What changed: ids, titles, counts; never private note text. */
    data: jsonb('data')
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('itinerary_event_itinerary_idx').on(table.itineraryId, table.id),
    // Deleting an account sets its events' actor to null: found by this index, not a scan.
    index('itinerary_event_actor_idx').on(table.actorId),
  ],
);

/**
 * A Jammy itinerary (the provider's preset): a snapshot, not a live itinerary. Catalogue
 * presets (shipped with Jammy) have a `slug` and a `revision`; published ones come from an
 * admin's itinerary. Copies are ordinary itineraries and never change with the preset.
 */
export const preset = pgTable(
  'preset',
  {
    ...editable,
    /** The catalogue file's slug; null for presets an admin published. */
    slug: text('slug'),
    /** The catalogue revision loaded; a higher one in a release replaces the snapshot. */
    revision: integer('revision').notNull().default(1),
    sourceItineraryId: uuid('source_itinerary_id').references(() => itinerary.id, {
      onDelete: 'set null',
    }),
    publishedBy: uuid('published_by').references(() => user.id, { onDelete: 'set null' }),
    published: boolean('published').notNull().default(true),
    premium: boolean('premium').notNull().default(false),
    /** africa | asia | europe | middle-east | north-america | oceania | south-america */
    region: text('region').notNull(),
    days: integer('days').notNull(),
    interests: text('interests')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    coverUrl: text('cover_url'),
    coverCredit: text('cover_credit'),
    /** The language of the original text; others fall back to it. */
    defaultLanguage: text('default_language').notNull().default('en'),
    /** `{ [language]: { title, description } }` */
    text: jsonb('text').notNull(),
    /** Stages with their places and per-language text (packages/shared/src/presets.ts). */
    content: jsonb('content').notNull(),
  },
  (table) => [uniqueIndex('preset_slug_unique').on(table.slug)],
);
