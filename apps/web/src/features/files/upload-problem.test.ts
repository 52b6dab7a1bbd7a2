import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { storageError, StorageError } from './storage-error';
import { uploadProblemKey } from './upload-problem';

describe('uploadProblemKey', () => {
  it('names a cancel and a retry limit by their codes', () => {
    expect(uploadProblemKey(storageError('canceled'))).toBe('upload.canceled');
    expect(uploadProblemKey(storageError('retry-limit-exceeded'))).toBe('upload.retryLimit');
    expect(uploadProblemKey(storageError('quota-exceeded', 402))).toBe('upload.quota');
  });

  it('reads the status of a storage answer', () => {
    expect(uploadProblemKey(new StorageError('storage/invalid-argument', 'x', 413))).toBe(
      'upload.tooBig',
    );
    expect(uploadProblemKey(new StorageError('storage/invalid-format', 'x', 415), 'photo')).toBe(
      'upload.notPhoto',
    );
    expect(uploadProblemKey(new StorageError('storage/invalid-format', 'x', 415))).toBe(
      'upload.wrongType',
    );
    expect(uploadProblemKey(storageError('unauthorized', 403))).toBe('upload.forbidden');
    expect(uploadProblemKey(storageError('unknown', 0))).toBe('upload.offline');
  });

  it('reads the status of an API answer, and falls back to a plain failure', () => {
    expect(uploadProblemKey(new ApiError(403, 'forbidden', 'No'))).toBe('upload.forbidden');
    expect(uploadProblemKey(new Error('boom'))).toBe('upload.failed');
  });
});
