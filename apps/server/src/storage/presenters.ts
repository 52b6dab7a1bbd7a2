import type { ObjectMetadata } from '@jammy/shared/storage';
import type { FileObjectRow } from './storage.repository';

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
