import { ERROR_CODES } from '@jammy/shared/errors-plain';
import { describe, expect, it } from 'vitest';
import enLocale from '@jammy/shared/locales/en.json';
import { ApiError } from './api-client';
import { toProblem } from './problem';

const en = enLocale.form;

describe('toProblem', () => {
  it('keeps the code of the catalogue, the fields of a 400 and the resource of a 409', () => {
    const invalid = new ApiError(400, 'request/invalid', 'title: must not be empty', {
      issues: [{ field: 'title', message: 'must not be empty' }, { field: 3 }],
    });
    expect(toProblem(invalid)).toMatchObject({
      code: 'request/invalid',
      status: 400,
      issues: [{ field: 'title', message: 'must not be empty' }],
    });
    const stale = new ApiError(409, 'conflict', 'stale', { current: { id: 'x', version: 4 } });
    expect(toProblem(stale).current).toEqual({ id: 'x', version: 4 });
  });

  it('names an answer without a code of the catalogue by its status', () => {
    expect(toProblem(new ApiError(502, 'BAD_GATEWAY', 'Bad gateway')).code).toBe('internal');
    expect(toProblem(new ApiError(429, 'unknown', 'slow down', undefined, 30))).toMatchObject({
      code: 'request/rate-limited',
      retryAfterSeconds: 30,
    });
    expect(toProblem(new Error('boom')).code).toBe('unknown');
  });

  it('has a message for every code of the catalogue and of the client', () => {
    const codes = [
      ...Object.keys(ERROR_CODES),
      'network/failed',
      'network/timeout',
      'outbox/unsaved-row',
      'unknown',
    ];
    expect(codes.filter((code) => !(code in en.problems))).toEqual([]);
  });
});
