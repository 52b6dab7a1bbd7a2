import { ApiError } from '../../../lib/api-client';

/** The `presets` message key explaining why an admin's publish, edit or delete failed. */
export function adminProblem(error: unknown): string {
  if (error instanceof ApiError && error.status === 409) return 'admin.conflict';
  if (error instanceof ApiError && error.status === 403) return 'admin.forbidden';
  if (error instanceof ApiError && error.status === 400) return 'admin.invalid';
  if (error instanceof ApiError && error.isNetworkError) return 'copy.errors.network';
  return 'admin.failed';
}
