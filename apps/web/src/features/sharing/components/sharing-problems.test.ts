import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { toProblem } from '../../../lib/problem';

// The sharing page words its failures with the catalogue's code (toProblem, one message each).
describe('a failed sharing request', () => {
  it('tells a change made meanwhile from a change that is not possible', () => {
    expect(toProblem(new ApiError(409, 'conflict', 'changed')).code).toBe('conflict');
    expect(toProblem(new ApiError(409, 'member/already-member', 'member')).code).toBe(
      'member/already-member',
    );
    expect(toProblem(new ApiError(409, 'member/not-editor', 'not editor')).code).toBe(
      'member/not-editor',
    );
  });

  it('explains the other failures', () => {
    expect(toProblem(new ApiError(0, 'network/failed', 'offline')).code).toBe('network/failed');
    expect(toProblem(new ApiError(403, 'auth/forbidden', 'no')).code).toBe('auth/forbidden');
    expect(toProblem(new ApiError(404, 'member/not-found', 'gone')).code).toBe('member/not-found');
    expect(toProblem(new ApiError(429, 'rate-limited', 'slow')).code).toBe('request/rate-limited');
    expect(toProblem(new Error('boom')).code).toBe('unknown');
  });
});
