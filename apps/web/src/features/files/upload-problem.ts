import { ApiError } from '../../lib/api-client';
import { StorageError } from './storage-error';

/** The `files` translation key that says why an upload or a save failed, and what to do. */
export function uploadProblemKey(error: unknown, kind: 'photo' | 'file' = 'file'): string {
  const status =
    error instanceof StorageError ? error.status : error instanceof ApiError ? error.status : -1;
  if (error instanceof StorageError) {
    if (error.code === 'storage/canceled') return 'upload.canceled';
    if (error.code === 'storage/retry-limit-exceeded') return 'upload.retryLimit';
    if (error.code === 'storage/quota-exceeded') return 'upload.quota';
  }
  if (status === 402) return 'upload.quota';
  if (status === 413) return 'upload.tooBig';
  if (status === 415) return kind === 'photo' ? 'upload.notPhoto' : 'upload.wrongType';
  if (status === 401 || status === 403) return 'upload.forbidden';
  if (status === 0) return 'upload.offline';
  return 'upload.failed';
}
