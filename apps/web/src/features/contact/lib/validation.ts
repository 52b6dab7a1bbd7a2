import { contactRequestSchema, type ContactRequest } from '@jammy/shared/contact';
import { ApiError } from '../../../lib/api-client';

/** The fields of the form a person fills in (the others are set by the page). */
export const CONTACT_FIELDS = ['name', 'email', 'topic', 'message', 'consent'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

function isField(value: unknown): value is ContactField {
  return (CONTACT_FIELDS as readonly unknown[]).includes(value);
}

/** The fields the shared rules refuse, in the form's order (nothing sent yet). */
export function invalidFields(input: unknown): ContactField[] {
  const result = contactRequestSchema.safeParse(input);
  if (result.success) return [];
  const named = new Set(result.error.issues.map((issue) => issue.path[0]).filter(isField));
  return CONTACT_FIELDS.filter((field) => named.has(field));
}

/** The fields a 400 answer names. */
export function fieldsOfApiError(error: unknown): ContactField[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const details = error.details as { issues?: { field?: unknown }[] } | undefined;
  const named = new Set((details?.issues ?? []).map((issue) => issue.field).filter(isField));
  return CONTACT_FIELDS.filter((field) => named.has(field));
}

export type ContactDraft = Omit<ContactRequest, 'consent' | 'topic'> & {
  topic: string;
  consent: boolean;
};
