import type { FieldIssue } from '@jammy/shared/errors';
import { webUrlSchema } from '@jammy/shared/fields';
import { LIMITS } from '@jammy/shared/itinerary-limits';
import type { Itinerary } from '@jammy/shared/itineraries';
import { ApiError } from '../../../lib/api-client';

/** What the itinerary form edits, as the inputs hold it (empty string: not set). */
export interface ItineraryFormValues {
  title: string;
  description: string;
  startDate: string;
  endDate: string;
  coverUrl: string;
  /** The budget's currency (ISO 4217), empty when not chosen yet. */
  currency: string;
}

export type ItineraryField = keyof ItineraryFormValues;

/** The form's fields in reading order (the first invalid one gets the focus). */
export const ITINERARY_FIELDS: readonly ItineraryField[] = [
  'title',
  'description',
  'startDate',
  'endDate',
  'coverUrl',
  'currency',
];

/** A message of a field: a key of `errors.*` and its values. */
export interface FieldError {
  key: 'required' | 'tooLong' | 'endBeforeStart' | 'date' | 'url' | 'invalid';
  max?: number;
}

export type FieldErrors = Partial<Record<ItineraryField, FieldError>>;

export const EMPTY_VALUES: ItineraryFormValues = {
  title: '',
  description: '',
  startDate: '',
  endDate: '',
  coverUrl: '',
  currency: '',
};

export function valuesOf(itinerary: Itinerary): ItineraryFormValues {
  return {
    title: itinerary.title,
    description: itinerary.description,
    startDate: itinerary.startDate ?? '',
    endDate: itinerary.endDate ?? '',
    coverUrl: itinerary.coverUrl ?? '',
    currency: itinerary.currency ?? '',
  };
}

/** The request body of the values (blank optional fields are cleared). */
export function payloadOf(values: ItineraryFormValues) {
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    startDate: values.startDate || null,
    endDate: values.endDate || null,
    coverUrl: values.coverUrl.trim() || null,
    currency: values.currency || null,
  };
}

/** The checks the server makes too, so most mistakes show before anything is sent. */
export function validateValues(values: ItineraryFormValues): FieldErrors {
  const errors: FieldErrors = {};
  const title = values.title.trim();
  if (!title) errors.title = { key: 'required' };
  else if (title.length > LIMITS.title) errors.title = { key: 'tooLong', max: LIMITS.title };
  if (values.description.trim().length > LIMITS.description) {
    errors.description = { key: 'tooLong', max: LIMITS.description };
  }
  if (values.startDate && values.endDate && values.endDate < values.startDate) {
    errors.endDate = { key: 'endBeforeStart' };
  }
  if (values.coverUrl.trim() && !webUrlSchema.safeParse(values.coverUrl).success) {
    errors.coverUrl = { key: 'url' };
  }
  return errors;
}

function isField(field: string): field is ItineraryField {
  return (ITINERARY_FIELDS as readonly string[]).includes(field);
}

/** The server's English message of a field, as one of ours. */
function errorOf(message: string): FieldError {
  if (message.includes('must not be empty')) return { key: 'required' };
  const max = /at most (\d+)/.exec(message)?.[1];
  if (max) return { key: 'tooLong', max: Number(max) };
  if (message.includes('before startDate')) return { key: 'endBeforeStart' };
  if (message.includes('http')) return { key: 'url' };
  if (message.includes('date')) return { key: 'date' };
  return { key: 'invalid' };
}

function issuesOf(details: unknown): FieldIssue[] {
  if (typeof details !== 'object' || details === null || !('issues' in details)) return [];
  const { issues } = details;
  if (!Array.isArray(issues)) return [];
  return issues.filter(
    (issue): issue is FieldIssue =>
      typeof issue === 'object' &&
      issue !== null &&
      typeof (issue as Record<string, unknown>).field === 'string' &&
      typeof (issue as Record<string, unknown>).message === 'string',
  );
}

/** The field messages of a 400 answer (`details.issues`); null when it names none of ours. */
export function fieldErrorsOf(error: unknown): FieldErrors | null {
  if (!(error instanceof ApiError) || error.code !== 'request/invalid') return null;
  const errors: FieldErrors = {};
  for (const issue of issuesOf(error.details)) {
    if (isField(issue.field) && !errors[issue.field]) errors[issue.field] = errorOf(issue.message);
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** The other person's itinerary from a 409 answer (`details.current`), if it is one. */
export function conflictOf(error: unknown): Itinerary | null {
  if (!(error instanceof ApiError) || error.code !== 'conflict') return null;
  const details = error.details;
  if (typeof details !== 'object' || details === null || !('current' in details)) return null;
  const current = details.current;
  if (typeof current !== 'object' || current === null) return null;
  if (!('id' in current) || !('version' in current) || !('title' in current)) return null;
  return current as Itinerary;
}

/** The errors left once `field` changed (its own is gone; a start date may fix the end). */
export function withoutError(errors: FieldErrors, field: ItineraryField): FieldErrors {
  return Object.fromEntries(
    Object.entries(errors).filter(
      ([name]) => name !== field && !(field === 'startDate' && name === 'endDate'),
    ),
  );
}
