import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { editable, fileObject, itinerary, place, positionKey, stage } from './itineraries';

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
