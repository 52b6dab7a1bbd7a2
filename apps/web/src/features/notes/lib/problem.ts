import { ApiError } from '../../../lib/api-client';
import { toProblem } from '../../../lib/problem';

export type ProblemKind =
  'network' | 'forbidden' | 'not-found' | 'conflict' | 'invalid' | 'unknown';

/**
 * A failed change of the notes page that is no form's (a pin, a tick, a move, a deletion), in
 * terms the page can explain and act on.
 */
export interface Problem {
  kind: ProblemKind;
  /** On a conflict: the row as it is now on the server (`details.current`). */
  current: unknown;
}

function kindOf(error: unknown): ProblemKind {
  if (!(error instanceof ApiError)) return 'unknown';
  if (error.isNetworkError) return 'network';
  if (error.code === 'conflict' || error.status === 409) return 'conflict';
  if (error.status === 403) return 'forbidden';
  if (error.status === 404) return 'not-found';
  if (error.code === 'request/invalid' || error.status === 400) return 'invalid';
  return 'unknown';
}

/** What an error of the API client means for the page. */
export function problemOf(error: unknown): Problem {
  const kind = kindOf(error);
  return { kind, current: kind === 'conflict' ? toProblem(error).current : undefined };
}

/** Narrows a conflict's `current` to a row with the given fields. */
export function hasFields<K extends string>(
  value: unknown,
  ...keys: K[]
): value is Record<K, unknown> & { version: number } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'version' in value &&
    typeof value.version === 'number' &&
    keys.every((key) => key in value)
  );
}
