import { STORAGE_MESSAGES, type StorageErrorName } from '@jammy/shared/storage-plain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import enLocale from '@jammy/shared/locales/en.json';
import { errorOfResponse, storageError, StorageError } from './storage-error';
import { uploadProblem } from './upload-problem';

const en = enLocale.files;

const MB = 1024 * 1024;
const answer = (status: number, code: string, details?: unknown) =>
  errorOfResponse(status, JSON.stringify({ error: { code, message: 'for people', details } }));

describe('uploadProblem', () => {
  it('names the size and the limit of a file that is too large, with no retry', () => {
    const photo = uploadProblem(
      answer(402, 'storage/quota-exceeded', {
        reason: 'file-too-large',
        kind: 'image',
        limitBytes: 15 * MB,
      }),
      { kind: 'photo', fileSize: 31 * MB, language: 'en' },
    );
    expect(photo).toEqual({
      key: 'upload.tooBigPhoto',
      values: { size: '31\u00a0MB', limit: '15\u00a0MB' },
      retryable: false,
    });
    const document = uploadProblem(
      answer(402, 'storage/quota-exceeded', {
        reason: 'file-too-large',
        kind: 'document',
        limitBytes: 25 * MB,
      }),
      { kind: 'file', fileSize: 25.3 * MB, language: 'de' },
    );
    // Just above the limit: one more digit, so that the two do not read the same.
    expect(document).toMatchObject({
      key: 'upload.tooBigDocument',
      values: { size: '25,3\u00a0MB', limit: '25\u00a0MB' },
      retryable: false,
    });
    expect(
      uploadProblem(
        answer(402, 'storage/quota-exceeded', {
          reason: 'file-too-large',
          kind: 'file',
          limitBytes: 25 * MB,
        }),
        { kind: 'file', fileSize: 40 * MB, language: 'en' },
      ).key,
    ).toBe('upload.tooBigFile');
  });

  it('tells a full quota, an empty file and a file of the wrong type, with no retry', () => {
    expect(
      uploadProblem(answer(402, 'storage/quota-exceeded', { reason: 'quota', quotaBytes: 5 }), {
        kind: 'photo',
        language: 'en',
      }),
    ).toMatchObject({ key: 'upload.quota', retryable: false });
    expect(
      uploadProblem(answer(400, 'storage/invalid-argument', { reason: 'empty' }), {
        kind: 'photo',
        fileSize: 0,
        language: 'en',
      }),
    ).toMatchObject({ key: 'upload.empty', retryable: false });
    const wrong = answer(415, 'request/unsupported-media-type');
    expect(uploadProblem(wrong, { kind: 'photo', language: 'en' })).toMatchObject({
      key: 'upload.notPhoto',
      retryable: false,
    });
    expect(uploadProblem(wrong, { kind: 'file', language: 'en' }).key).toBe('upload.wrongType');
  });

  it('offers a retry only where it can help: no answer, 5xx, 408, 429, retries that ran out', () => {
    const retryable = [
      new StorageError('storage/unknown', 'The network request failed', 0),
      answer(503, 'service/unavailable'),
      answer(500, 'internal'),
      answer(408, 'request/timeout'),
      answer(429, 'request/rate-limited'),
      storageError('retry-limit-exceeded', 503),
      new ApiError(0, 'network', 'offline'),
      new ApiError(502, 'bad-gateway', 'x'),
    ];
    for (const error of retryable) {
      expect(uploadProblem(error, { kind: 'file', language: 'en' }).retryable, error.message).toBe(
        true,
      );
    }
    const final = [
      storageError('canceled'),
      answer(403, 'storage/unauthorized'),
      answer(401, 'storage/unauthenticated'),
      answer(400, 'storage/invalid-argument'),
      answer(404, 'storage/object-not-found'),
      new ApiError(403, 'auth/forbidden', 'No'),
      new ApiError(409, 'conflict', 'x'),
      new Error('a bug'),
    ];
    for (const error of final) {
      expect(uploadProblem(error, { kind: 'file', language: 'en' }).retryable, error.message).toBe(
        false,
      );
    }
    expect(uploadProblem(storageError('canceled'), { kind: 'file', language: 'en' }).key).toBe(
      'upload.canceled',
    );
  });

  it('has a message, in the files messages, for every storage code', () => {
    for (const name of Object.keys(STORAGE_MESSAGES) as StorageErrorName[]) {
      const { key } = uploadProblem(new StorageError(`storage/${name}`, 'x', 400), {
        kind: 'file',
        language: 'en',
      });
      const [section = '', entry = ''] = key.split('.');
      const messages = en as unknown as Record<string, Record<string, string>>;
      expect(messages[section]?.[entry], `${name} → ${key}`).toBeTypeOf('string');
    }
  });
});
