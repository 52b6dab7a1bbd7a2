import type { FileRef } from '@jammy/shared/media';
import type { ObjectList, ObjectMetadata } from '@jammy/shared/storage';
import { sql, type SQL } from 'drizzle-orm';
import type { FileObjectRow, ListEntry } from './objects.repository';

/** An object's metadata as the protocol answers it (spec §3, plus downloadTokens). */
export function presentObject(row: FileObjectRow): ObjectMetadata {
  const optional = (name: string, value: string | null) =>
    value === null ? {} : { [name]: value };
  return {
    bucket: row.bucket,
    generation: String(row.generation),
    metageneration: String(row.metageneration),
    fullPath: row.path,
    name: row.path,
    size: row.size,
    timeCreated: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
    md5Hash: row.md5Hash,
    ...optional('cacheControl', row.cacheControl),
    ...optional('contentDisposition', row.contentDisposition),
    ...optional('contentEncoding', row.contentEncoding),
    ...optional('contentLanguage', row.contentLanguage),
    contentType: row.contentType,
    customMetadata: row.customMetadata,
    metadata: row.customMetadata,
    downloadTokens: row.downloadTokens,
  };
}

/** The address of an object's bytes with its first download token (none: members only). */
function mediaUrl(row: FileObjectRow): string {
  const token = row.downloadTokens.split(',')[0];
  const base = `/v0/b/${row.bucket}/o/${row.encodedPath}?alt=media`;
  return token ? `${base}&token=${token}` : base;
}

/** A stored file as the product's data shows it (see fileRefSql for the same in SQL). */
export function presentFileRef(row: FileObjectRow): FileRef {
  const url = mediaUrl(row);
  return {
    path: row.path,
    contentType: row.contentType,
    size: row.size,
    width: row.width,
    height: row.height,
    url,
    thumbUrl: row.variants?.thumb ? `${url}&variant=thumb` : null,
    mediumUrl: row.variants?.medium ? `${url}&variant=medium` : null,
  };
}

/**
 * `presentFileRef` in SQL, for documents PostgreSQL builds as JSON: `alias` names a
 * file_object row (its columns as they are in the table).
 */
export function fileRefSql(alias: string): SQL {
  const f = (column: string) => sql.raw(`${alias}.${column}`);
  const url = sql`('/v0/b/' || ${f('bucket')} || '/o/' || ${f('encoded_path')} || '?alt=media' ||
    case when ${f('download_tokens')} = '' then '' else '&token=' || split_part(${f('download_tokens')}, ',', 1) end)`;
  return sql`json_build_object(
    'path', ${f('path')}, 'contentType', ${f('content_type')}, 'size', ${f('size')},
    'width', ${f('width')}, 'height', ${f('height')}, 'url', ${url},
    'thumbUrl', case when ${f('variants')} ? 'thumb' then ${url} || '&variant=thumb' end,
    'mediumUrl', case when ${f('variants')} ? 'medium' then ${url} || '&variant=medium' end)`;
}

/** A page of a listing: the entries the caller may see, and where the next page starts. */
export interface Listing {
  entries: ListEntry[];
  /** The last entry of a full page, when more follow. */
  lastEntry: string | undefined;
}

/** A page of a listing as the protocol answers it: prefixes, items, and the next page's token. */
export function presentListing(bucket: string, listing: Listing): ObjectList {
  return {
    prefixes: listing.entries.filter((entry) => entry.isPrefix).map((entry) => entry.entry),
    items: listing.entries
      .filter((entry) => !entry.isPrefix)
      .map((entry) => ({ name: entry.entry, bucket })),
    ...(listing.lastEntry
      ? { nextPageToken: Buffer.from(listing.lastEntry).toString('base64url') }
      : {}),
  };
}

/** What a resumable request answers while the upload is open (the protocol's headers say it all). */
export function presentUploadStatus(
  uploadId: string,
  status: 'active' | 'cancelled',
  sizeReceived: number,
) {
  return { uploadId, status, sizeReceived };
}
