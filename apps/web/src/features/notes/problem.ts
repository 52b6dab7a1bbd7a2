import { ApiError } from '../../lib/api-client';

export type ProblemKind =
  'network' | 'forbidden' | 'not-found' | 'conflict' | 'invalid' | 'unknown';

/** A failed request of the notes page, in terms the page can explain and act on. */
export interface Problem {
  kind: ProblemKind;
  /** On a conflict: the row as it is now on the server (`details.current`). */
  current: unknown;
  /** On invalid input: the fields at fault, as the API names them. */
  fields: string[];
}

function issueFields(details: unknown): string[] {
  if (typeof details !== 'object' || details === null || !('issues' in details)) return [];
  const { issues } = details;
  if (!Array.isArray(issues)) return [];
  return issues.flatMap((issue: unknown) =>
    typeof issue === 'object' &&
    issue !== null &&
    'field' in issue &&
    typeof issue.field === 'string'
      ? [issue.field]
      : [],
  );
}

function currentOf(details: unknown): unknown {
  return typeof details === 'object' && details !== null && 'current' in details
    ? details.current
    : undefined;
}

/** What an error of the API client means for the page. */
export function problemOf(error: unknown): Problem {
  const problem = (kind: ProblemKind, current?: unknown, fields: string[] = []): Problem => ({
    kind,
    current,
    fields,
  });
  if (!(error instanceof ApiError)) return problem('unknown');
  if (error.isNetworkError) return problem('network');
  if (error.code === 'conflict' || error.status === 409) {
    return problem('conflict', currentOf(error.details));
  }
  if (error.status === 403) return problem('forbidden');
  if (error.status === 404) return problem('not-found');
  if (error.code === 'request/invalid' || error.status === 400) {
    return problem('invalid', undefined, issueFields(error.details));
  }
  return problem('unknown');
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
