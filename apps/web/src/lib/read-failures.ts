import { ApiError } from './api-client';

/** The itinerary is gone or was never shared with the caller. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** Retry a failed read once, unless the answer was final (4xx: retrying changes nothing). */
export function retryUnlessFinal(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}
