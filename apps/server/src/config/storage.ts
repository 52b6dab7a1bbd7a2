import {
  DEFAULT_DOCUMENT_MAX_BYTES,
  DEFAULT_IMAGE_MAX_BYTES,
  DEFAULT_STORAGE_BUCKET,
} from '@jammy/shared/storage';
import { z } from 'zod';
import { MB, flag, megabytes, optionalHttpUrl, optionalString, type Variables } from './variables';

/** Each traveller's files may take this much unless STORAGE_QUOTA_MB says otherwise. */
const DEFAULT_QUOTA_BYTES = 5 * 1024 * MB;

/** File storage (DESIGN §6): the bucket, its limits, and an S3-compatible store if any. */
export const storageVariables = {
  STORAGE_BUCKET: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9][a-z0-9._-]{1,61}[a-z0-9]$/,
      'must be 3–63 lower-case letters, digits, . _ or -',
    )
    .default(DEFAULT_STORAGE_BUCKET),
  STORAGE_IMAGE_MAX_MB: megabytes(DEFAULT_IMAGE_MAX_BYTES),
  STORAGE_DOCUMENT_MAX_MB: megabytes(DEFAULT_DOCUMENT_MAX_BYTES),
  STORAGE_QUOTA_MB: megabytes(DEFAULT_QUOTA_BYTES),
  S3_ENDPOINT: optionalHttpUrl,
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_FORCE_PATH_STYLE: flag('true'),
};
type StorageVariables = Variables<typeof storageVariables>;

export interface S3Config {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  forcePathStyle: boolean;
}

export interface StorageConfig {
  bucket: string;
  imageMaxBytes: number;
  documentMaxBytes: number;
  /** Bytes each traveller's files may take (their own and their trips'). */
  quotaBytes: number;
  /** Set: objects go to this S3-compatible store; unset: DATA_DIR/files. */
  s3: S3Config | undefined;
}

export interface StoragePart {
  /** File storage (DESIGN §6): bucket name, limits, and the S3-compatible store if any. */
  storage: StorageConfig;
}

/** The S3 store is all four of its variables or none of them. */
export function storageProblems(values: StorageVariables): string[] {
  const s3Values = {
    S3_ENDPOINT: values.S3_ENDPOINT,
    S3_BUCKET: values.S3_BUCKET,
    S3_ACCESS_KEY_ID: values.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: values.S3_SECRET_ACCESS_KEY,
  };
  const missingS3 = Object.entries(s3Values).filter(([, value]) => value === undefined);
  if (missingS3.length === 0 || missingS3.length === 4) return [];
  return missingS3.map(([name]) => `  ${name}: is required when any S3_* variable is set`);
}

export function storageConfigOf(values: StorageVariables): StoragePart {
  return {
    storage: {
      bucket: values.STORAGE_BUCKET,
      imageMaxBytes: values.STORAGE_IMAGE_MAX_MB,
      documentMaxBytes: values.STORAGE_DOCUMENT_MAX_MB,
      quotaBytes: values.STORAGE_QUOTA_MB,
      s3:
        values.S3_ENDPOINT &&
        values.S3_BUCKET &&
        values.S3_ACCESS_KEY_ID &&
        values.S3_SECRET_ACCESS_KEY
          ? {
              endpoint: values.S3_ENDPOINT,
              bucket: values.S3_BUCKET,
              accessKeyId: values.S3_ACCESS_KEY_ID,
              secretAccessKey: values.S3_SECRET_ACCESS_KEY,
              region: values.S3_REGION,
              forcePathStyle: values.S3_FORCE_PATH_STYLE,
            }
          : undefined,
    },
  };
}
