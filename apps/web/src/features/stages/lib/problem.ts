import { ApiError } from '../../../lib/api-client';

/** What went wrong with a request, in the terms the pages explain it. */
export type ProblemKind =
  'network' | 'forbidden' | 'notFound' | 'conflict' | 'validation' | 'signedOut' | 'server';

export interface Problem {
  kind: ProblemKind;
  status: number;
  /** The fields the server rejected (validation only). */
  fields: string[];
}

interface Issue {
  field: string;
  message: string;
}

function isIssue(value: unknown): value is Issue {
  return typeof value === 'object' && value !== null && 'field' in value && 'message' in value;
}

/** The rejected fields of a 400 `request/invalid` answer. */
export function issueFields(error: unknown): string[] {
  if (!(error instanceof ApiError) || !error.details || typeof error.details !== 'object') {
    return [];
  }
  const issues = 'issues' in error.details ? error.details.issues : undefined;
  if (!Array.isArray(issues)) return [];
  return issues.filter(isIssue).map((issue) => issue.field.split('.')[0] ?? issue.field);
}

/** Classifies any error (ApiError or not) for display. */
export function toProblem(error: unknown): Problem {
  if (!(error instanceof ApiError)) return { kind: 'server', status: 500, fields: [] };
  const base = { status: error.status, fields: [] as string[] };
  if (error.isNetworkError) return { ...base, kind: 'network' };
  if (error.status === 401) return { ...base, kind: 'signedOut' };
  if (error.status === 403) return { ...base, kind: 'forbidden' };
  if (error.status === 404) return { ...base, kind: 'notFound' };
  if (error.status === 409) return { ...base, kind: 'conflict' };
  if (error.status === 400 || error.status === 422) {
    return { ...base, kind: 'validation', fields: issueFields(error) };
  }
  return { ...base, kind: 'server' };
}

/** The current row a 409 conflict answer carries, when it has one. */
export function conflictCurrent<T>(error: unknown): T | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const details = error.details;
  if (typeof details !== 'object' || details === null || !('current' in details)) return null;
  return (details.current as T | undefined) ?? null;
}
