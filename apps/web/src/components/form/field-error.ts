/** What is wrong with one field, as the kit words it (`form:<kind>`) unless the form says. */
export type FieldErrorKind = 'required' | 'tooShort' | 'tooLong' | 'invalid';

/**
 * A field's problem: a kind with its limit, a message key of the form's own (a rule of the
 * form alone, such as "the two passwords differ", names its key in the schema's `params`), or
 * the message of text that does not read as the number it must be.
 */
export type FieldError =
  | SchemaFieldError
  /** A typed amount or number that does not read, worded by its field (it names the field). */
  | { kind: 'typed'; text: string };

import type { z } from 'zod';

/** A field's problem as the schema (or the server's 400) states it. */
export type SchemaFieldError =
  { kind: FieldErrorKind; min?: number; max?: number } | { kind: 'custom'; key: string };

/** One issue, from zod on this side or from a 400's `details.issues` (message only). */
export interface IssueLike {
  message: string;
  code?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  params?: Record<string, unknown>;
}

function isBlank(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() === '';
  return value === null || value === undefined || value === false;
}

/**
 * The problem an issue of the shared schema (or the server's answer) means for a field holding
 * `value`: nothing typed is "required" whatever the rule said; lengths keep their limit. The
 * server's messages are the schema's own English ones ("must be at most 80 characters"), so
 * the limit is read from them when the issue carries no number.
 */
export function fieldErrorOf(issue: IssueLike, value: unknown): SchemaFieldError {
  if (isBlank(value)) return { kind: 'required' };
  const key = issue.params?.key;
  if (typeof key === 'string') return { kind: 'custom', key };
  if (issue.code === 'too_small' && issue.minimum !== undefined) {
    return { kind: 'tooShort', min: Number(issue.minimum) };
  }
  if (issue.code === 'too_big' && issue.maximum !== undefined) {
    return { kind: 'tooLong', max: Number(issue.maximum) };
  }
  const atLeast = /at least (\d+) characters/.exec(issue.message)?.[1];
  if (atLeast) return { kind: 'tooShort', min: Number(atLeast) };
  const atMost = /at most (\d+) characters/.exec(issue.message)?.[1];
  if (atMost) return { kind: 'tooLong', max: Number(atMost) };
  return { kind: 'invalid' };
}

/** One issue with the body path it names (`title`, `split.amounts.0`), as a 400 lists them. */
export type PathIssue = IssueLike & { field: string };

/** The issues of the shared schema's refusal, each with its body path as a 400 would name it. */
export function issuesOfSchema(error: z.ZodError): PathIssue[] {
  return error.issues.map((issue) => ({ ...issue, field: issue.path.join('.') }));
}

/**
 * The problems of a form's fields from issues naming body paths: each lands on the form field of
 * its path, or of the nearest body field holding it (`split.amounts.0` → `split`), as
 * `fieldsOfBody` renames them (`costMinor` → `cost`); the first issue of a field is kept, and
 * an issue on no field of the form is left out.
 */
export function fieldErrorsOf<Field extends string>(
  issues: PathIssue[],
  values: Record<Field, unknown>,
  fieldsOfBody: Partial<Record<string, Field>> = {},
): Partial<Record<Field, SchemaFieldError>> {
  const fieldOf = (path: string): Field | null => {
    const segments = path.split('.');
    for (let length = segments.length; length > 0; length -= 1) {
      const name = segments.slice(0, length).join('.');
      const field = fieldsOfBody[name] ?? name;
      if (field in values) return field as Field;
    }
    return null;
  };
  const found: Partial<Record<Field, SchemaFieldError>> = {};
  for (const issue of issues) {
    const field = fieldOf(issue.field);
    if (field === null || found[field]) continue;
    found[field] = fieldErrorOf(issue, values[field]);
  }
  return found;
}
