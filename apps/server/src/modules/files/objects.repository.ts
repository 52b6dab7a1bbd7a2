import { and, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { fileObject, itinerary } from '../../db/schema/itineraries';

export type FileObjectRow = typeof fileObject.$inferSelect;
export type NewFileObject = typeof fileObject.$inferInsert;

/** The object at `path` of `bucket`, if any. */
export async function findObject(
  db: Executor,
  bucket: string,
  path: string,
): Promise<FileObjectRow | undefined> {
  const [row] = await db
    .select()
    .from(fileObject)
    .where(and(eq(fileObject.bucket, bucket), eq(fileObject.path, path)));
  return row;
}

/**
 * Bytes the traveller's files take: their own, and those of the trips they own, with their
 * unfinished uploads (until they expire): the bytes those `received` so far (what is on
 * disk, as the meter shows), or all they `announced` (what a new upload must leave room for).
 */
export async function usedBytes(
  db: Executor,
  userId: string,
  options: {
    uploads: 'received' | 'announced';
    exceptObjectId?: string | undefined;
    exceptUploadId?: string | undefined;
  },
): Promise<number> {
  const uploaded = options.uploads === 'received' ? sql`s.received` : sql`s.declared_size`;
  const result = await db.execute<{ used: string }>(sql`
    select (
      select coalesce(sum(f.size), 0)
      from file_object f left join itinerary i on i.id = f.itinerary_id
      where (f.user_id = ${userId} or i.owner_id = ${userId})
        ${options.exceptObjectId ? sql`and f.id <> ${options.exceptObjectId}` : sql``}
    ) + (
      select coalesce(sum(${uploaded}), 0)
      from upload_session s left join itinerary i on i.id = s.itinerary_id
      where (i.owner_id = ${userId} or (s.itinerary_id is null and s.user_id = ${userId}))
        and s.object_id is null and s.expires_at > now()
        ${options.exceptUploadId ? sql`and s.id <> ${options.exceptUploadId}` : sql``}
    ) as used
  `);
  return Number(result.rows[0]?.used ?? 0);
}

/** Serialises the quota check of one traveller's uploads (until the transaction ends). */
export async function lockQuota(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`quota:${userId}`}, 0))`);
}

/**
 * Writes the object at its path: a new row, or the next generation of the one there (its
 * old blob goes to the garbage through the trigger). Keeps existing download tokens.
 */
export async function upsertObject(tx: Executor, values: NewFileObject): Promise<FileObjectRow> {
  const [row] = await tx
    .insert(fileObject)
    .values(values)
    .onConflictDoUpdate({
      target: [fileObject.bucket, fileObject.path],
      set: {
        generation: values.generation,
        metageneration: 1,
        size: values.size,
        md5Hash: values.md5Hash,
        contentType: values.contentType,
        cacheControl: values.cacheControl ?? null,
        contentDisposition: values.contentDisposition ?? null,
        contentEncoding: values.contentEncoding ?? null,
        contentLanguage: values.contentLanguage ?? null,
        customMetadata: values.customMetadata ?? {},
        blobKey: values.blobKey,
        width: values.width ?? null,
        height: values.height ?? null,
        variants: values.variants ?? null,
        uploadedBy: values.uploadedBy,
        createdAt: new Date(),
        updatedAt: new Date(),
        downloadTokens: sql`case when ${fileObject.downloadTokens} = '' then ${values.downloadTokens ?? ''} else ${fileObject.downloadTokens} end`,
      },
    })
    .returning();
  if (!row) throw new Error('The object was not stored');
  return row;
}

/** Metadata changes of the current generation (metageneration + 1). */
export async function updateObjectMetadata(
  db: Executor,
  id: string,
  changes: Partial<
    Pick<
      FileObjectRow,
      | 'cacheControl'
      | 'contentDisposition'
      | 'contentEncoding'
      | 'contentLanguage'
      | 'customMetadata'
      | 'downloadTokens'
    >
  >,
  generation?: number,
): Promise<FileObjectRow | undefined> {
  const [row] = await db
    .update(fileObject)
    .set({
      ...changes,
      metageneration: sql`${fileObject.metageneration} + 1`,
      updatedAt: new Date(),
    })
    .where(
      and(eq(fileObject.id, id), generation ? eq(fileObject.generation, generation) : undefined),
    )
    .returning();
  return row;
}

export async function deleteObject(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .delete(fileObject)
    .where(eq(fileObject.id, id))
    .returning({ id: fileObject.id });
  return rows.length > 0;
}

/** One entry of a listing: an object, or a "folder" prefix when listing with a delimiter. */
export interface ListEntry {
  entry: string;
  isPrefix: boolean;
}

/**
 * Objects under `prefix`, in byte order, after `after`; with delimiter `/`, the names one
 * level down and the next-level prefixes, merged in one order (how storage lists).
 */
export async function listEntries(
  db: Db,
  options: { bucket: string; prefix: string; delimiter: string; after: string; limit: number },
): Promise<ListEntry[]> {
  const { bucket, prefix, delimiter, after, limit } = options;
  const start = prefix.length + 1;
  const entry = delimiter
    ? sql`case when strpos(substr(path, ${start}), ${delimiter}) > 0
        then left(path, ${prefix.length} + strpos(substr(path, ${start}), ${delimiter}) + ${delimiter.length - 1})
        else path end`
    : sql`path`;
  const result = await db.execute<{ entry: string; is_prefix: boolean }>(sql`
    select distinct entry collate "C" as entry, entry <> path as is_prefix from (
      select ${entry} as entry, path from file_object
      where bucket = ${bucket} and starts_with(path, ${prefix})
    ) as listed
    where entry collate "C" > ${after}
    order by entry collate "C"
    limit ${limit}
  `);
  return result.rows.map((row) => ({ entry: row.entry, isPrefix: row.is_prefix }));
}

/** Whether an itinerary exists (an upload to a trip deleted meanwhile is refused). */
export async function itineraryExists(db: Executor, id: string): Promise<boolean> {
  const [row] = await db.select({ id: itinerary.id }).from(itinerary).where(eq(itinerary.id, id));
  return row !== undefined;
}

/** An object of this itinerary by its path (the product's data names files by path). */
export async function findItineraryObject(
  db: Executor,
  itineraryId: string,
  path: string,
): Promise<FileObjectRow | undefined> {
  const [row] = await db
    .select()
    .from(fileObject)
    .where(and(eq(fileObject.itineraryId, itineraryId), eq(fileObject.path, path)));
  return row;
}

export async function findObjectById(db: Executor, id: string): Promise<FileObjectRow | undefined> {
  const [row] = await db.select().from(fileObject).where(eq(fileObject.id, id));
  return row;
}

/**
 * Deletes a cover no longer used: the file of an old cover goes with it when it sat in the
 * itinerary's `cover/` folder and no photo uses it.
 */
export async function deleteUnusedCover(db: Executor, fileId: string): Promise<void> {
  await db.execute(sql`
    delete from file_object f
    where f.id = ${fileId} and f.path like 'itineraries/%/cover/%'
      and not exists (select 1 from photo p where p.file_id = f.id)
      and not exists (select 1 from attachment a where a.file_id = f.id)
      and not exists (select 1 from itinerary i where i.cover_file_id = f.id)
  `);
}
