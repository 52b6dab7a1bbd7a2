import { ApiError } from '../../../lib/api-client';

/** Translation key (namespace `itineraries`) of a request that failed as a whole. */
export type ProblemKey =
  | 'errors.network'
  | 'errors.forbidden'
  | 'errors.notFound'
  | 'errors.unauthenticated'
  | 'errors.rateLimited'
  | 'errors.invalid'
  | 'errors.server';

/** How a failed request is explained to the traveller. */
export function problemKey(error: unknown): ProblemKey {
  if (!(error instanceof ApiError)) return 'errors.server';
  if (error.isNetworkError) return 'errors.network';
  switch (error.status) {
    case 400:
      return 'errors.invalid';
    case 401:
      return 'errors.unauthenticated';
    case 403:
      return 'errors.forbidden';
    case 404:
      return 'errors.notFound';
    case 429:
      return 'errors.rateLimited';
    default:
      return 'errors.server';
  }
}

/** The itinerary is gone or was never shared with the caller. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** Retry a failed read once, unless the answer was final (4xx: retrying changes nothing). */
export function retryUnlessFinal(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}
