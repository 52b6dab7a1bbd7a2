import type { FieldIssue } from '@jammy/shared/errors-plain';
import { useCallback } from 'react';
import { useTranslation } from '../i18n/react';
import { ApiError, type ApiErrorCode } from './api-client';
import { retryWhen } from './intl';

/**
 * A failed request as every page explains it: the catalogue's code (one message each, under
 * `problems.<code>` of the form kit's namespace `form`), the fields a 400 names, the current resource a
 * 409 sends back, and how long a 429 or 503 asked to wait.
 */
export interface Problem {
  code: ApiErrorCode;
  status: number;
  /** The fields a 400 named (`details.issues`), in the server's order. */
  issues: FieldIssue[];
  /** What the server holds now, sent with a 409 `conflict` (`details.current`). */
  current: unknown;
  retryAfterSeconds: number | undefined;
}

function issuesOf(details: unknown): FieldIssue[] {
  if (typeof details !== 'object' || details === null || !('issues' in details)) return [];
  const { issues } = details;
  if (!Array.isArray(issues)) return [];
  return issues.flatMap((issue: unknown) =>
    typeof issue === 'object' &&
    issue !== null &&
    'field' in issue &&
    typeof issue.field === 'string' &&
    'message' in issue &&
    typeof issue.message === 'string'
      ? [{ field: issue.field, message: issue.message }]
      : [],
  );
}

function currentOf(details: unknown): unknown {
  if (typeof details !== 'object' || details === null || !('current' in details)) return null;
  return details.current ?? null;
}

/** An answer without a catalogue code (a proxy's page) still says something by its status. */
function codeOf(error: ApiError): ApiErrorCode {
  if (error.code !== 'unknown') return error.code;
  if (error.status === 400) return 'request/invalid';
  if (error.status === 401) return 'auth/unauthenticated';
  if (error.status === 403) return 'auth/forbidden';
  if (error.status === 409) return 'conflict';
  if (error.status === 429) return 'request/rate-limited';
  if (error.status === 503) return 'service/unavailable';
  if (error.status >= 500) return 'internal';
  return 'unknown';
}

/** Whatever a request threw, as a Problem (anything not from the API is `unknown`). */
export function toProblem(error: unknown): Problem {
  if (!(error instanceof ApiError)) {
    return { code: 'unknown', status: 0, issues: [], current: null, retryAfterSeconds: undefined };
  }
  return {
    code: codeOf(error),
    status: error.status,
    issues: issuesOf(error.details),
    current: currentOf(error.details),
    retryAfterSeconds: error.retryAfterSeconds,
  };
}

/** The translated sentence of a problem (or of anything thrown), in the page's language. */
export function useProblemMessage() {
  const { t, i18n } = useTranslation('form');
  return useCallback(
    (problemOrError: Problem | unknown): string => {
      const problem = isProblem(problemOrError) ? problemOrError : toProblem(problemOrError);
      const wait = problem.retryAfterSeconds;
      if (wait !== undefined && problem.code === 'request/rate-limited') {
        return t('problems.request/rate-limited-wait', { when: retryWhen(wait, i18n.language) });
      }
      return t(`problems.${problem.code}`);
    },
    [t, i18n.language],
  );
}

function isProblem(value: unknown): value is Problem {
  return (
    typeof value === 'object' &&
    value !== null &&
    'code' in value &&
    'issues' in value &&
    'retryAfterSeconds' in value
  );
}
