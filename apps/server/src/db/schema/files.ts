import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { itinerary, place, stage } from './itineraries';

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

/**
 * A resumable upload in progress (the protocol's start, chunks, query, finalize): its state
 * lives here and its chunks in the blob store, so any server process can take the next chunk.
 */
export const uploadSession = pgTable(
  'upload_session',
  {
    id: uuid('id').primaryKey(),
    bucket: text('bucket').notNull(),
    path: text('path').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /**
     * The itinerary of an `itineraries/{id}/…` path: its owner's quota holds the upload's
     * bytes meanwhile (otherwise the uploader's), and deleting the trip ends the upload.
     */
    itineraryId: uuid('itinerary_id').references(() => itinerary.id, { onDelete: 'cascade' }),
    /** The metadata sent with the start (contentType, customMetadata, …). */
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull(),
    declaredSize: bigint('declared_size', { mode: 'number' }).notNull(),
    received: bigint('received', { mode: 'number' }).notNull().default(0),
    /** Offsets of the chunks stored so far (each a blob `uploads/{id}/{offset}`). */
    chunkOffsets: bigint('chunk_offsets', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
    /** Set once finalized: a repeated finalize or query answers with this object. */
    objectId: uuid('object_id').references(() => fileObject.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Pushed back by every chunk, never past the longest an upload may take. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('upload_session_expires_idx').on(table.expiresAt),
    index('upload_session_user_idx').on(table.userId),
    index('upload_session_itinerary_idx').on(table.itineraryId),
  ],
);

/**
 * Blobs no row points to any more, to be deleted from the blob store. Triggers fill it when
 * an object row goes (deleted, or cascaded from its itinerary or account) or moves to a new
 * blob, so bytes are never lost track of, whatever deletes the row.
 */
export const blobGarbage = pgTable('blob_garbage', {
  key: text('key').primaryKey(),
  /**
   * When the key may be taken for deletion: when it was queued, then, once a sweep has taken
   * it, a little later (if that sweep dies before deleting it, another takes it then).
   */
  queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
});

const editable = {
  id: uuid('id').primaryKey(),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

const positionKey = customType<{ data: string; driverData: string }>({
  dataType: () => 'text COLLATE "C"',
});

/**
 * A photo in an itinerary's gallery, of a stage or a place (or of the trip itself), with a
 * caption, in order. Deleting the photo deletes its file (trigger), and the other way round.
 */
export const photo = pgTable(
  'photo',
  {
    ...editable,
    itineraryId: uuid('itinerary_id')
      .notNull()
      .references(() => itinerary.id, { onDelete: 'cascade' }),
    stageId: uuid('stage_id').references(() => stage.id, { onDelete: 'cascade' }),
    placeId: uuid('place_id').references(() => place.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => fileObject.id, { onDelete: 'cascade' }),
    caption: text('caption').notNull().default(''),
    position: positionKey('position').notNull(),
  },
  (table) => [
    uniqueIndex('photo_file_unique').on(table.fileId),
    index('photo_itinerary_position_idx').on(table.itineraryId, table.position),
    check('photo_one_owner', sql`${table.stageId} is null or ${table.placeId} is null`),
  ],
);

/** A document kept with an itinerary or one of its places (a ticket, a booking). */
export const attachment = pgTable(
  'attachment',
  {
    ...editable,
    itineraryId: uuid('itinerary_id')
      .notNull()
      .references(() => itinerary.id, { onDelete: 'cascade' }),
    placeId: uuid('place_id').references(() => place.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => fileObject.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Private attachments (the default: tickets carry names) are never shown through a link. */
    private: boolean('private').notNull().default(true),
  },
  (table) => [
    uniqueIndex('attachment_file_unique').on(table.fileId),
    index('attachment_itinerary_idx').on(table.itineraryId),
  ],
);
