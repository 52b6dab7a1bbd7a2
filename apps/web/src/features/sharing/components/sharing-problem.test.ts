import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { sharingProblemKey } from './sharing-problem';

describe('sharingProblemKey', () => {
  it('tells a change made meanwhile from a change that is not possible', () => {
    expect(sharingProblemKey(new ApiError(409, 'conflict', 'changed'))).toBe('errors.stale');
    expect(sharingProblemKey(new ApiError(409, 'member/already-member', 'member'))).toBe(
      'errors.conflict',
    );
    expect(sharingProblemKey(new ApiError(409, 'member/not-editor', 'not editor'))).toBe(
      'errors.conflict',
    );
  });

  it('explains the other failures', () => {
    expect(sharingProblemKey(new ApiError(0, 'network/failed', 'offline'))).toBe('errors.network');
    expect(sharingProblemKey(new ApiError(403, 'auth/forbidden', 'no'))).toBe('errors.forbidden');
    expect(sharingProblemKey(new ApiError(404, 'member/not-found', 'gone'))).toBe(
      'errors.notFound',
    );
    expect(sharingProblemKey(new ApiError(429, 'rate-limited', 'slow'))).toBe('errors.rateLimited');
    expect(sharingProblemKey(new Error('boom'))).toBe('errors.server');
  });
});
