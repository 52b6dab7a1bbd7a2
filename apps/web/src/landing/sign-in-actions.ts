import type { Session } from '@jammy/shared/session';
import {
  fieldErrorsOf,
  issuesOfSchema,
  type SchemaFieldError,
} from '../components/form/field-error';
import { callAuth } from '../features/auth/lib/auth-errors';
import { signInSchema } from '../features/auth/lib/schemas';
import { apiRequest } from '../lib/api-client';
import { loadAuthClient } from '../lib/load-auth-client';
import { clearOfflineCache } from '../lib/offline-cache';
import { clearWorkerUserCaches } from '../pwa/pwa-store';

/**
 * What the prerendered sign-in page does with the identity server, with the app's own code
 * (its schema, its identity client, its failures): loaded by sign-in.ts once the visitor
 * starts on the form or the page is idle, not with the page (as the app's form loads them).
 */

export { toAuthFailure } from '../features/auth/lib/auth-errors';
export {
  PASSKEY_CANCELLED,
  browserOffersPasskeysInFields,
  cancelPasskeyRequest,
  signInWithPasskey,
} from '../features/auth/api/passkey-sign-in';

export type SignInField = 'email' | 'password';
export type SignInValues = Record<SignInField, string>;

/** Each field's problem by the shared schema (as the app's form checks it), or null. */
export async function problemsOf(
  values: SignInValues,
): Promise<Partial<Record<SignInField, SchemaFieldError>> | null> {
  const parsed = (await signInSchema()).safeParse(bodyOf(values));
  if (parsed.success) return null;
  return fieldErrorsOf(issuesOfSchema(parsed.error), values);
}

const bodyOf = (values: SignInValues) => ({
  email: values.email.trim(),
  password: values.password,
});

/** Signs in as the app's form does (POST /api/auth/sign-in/email); throws an AuthFailure. */
export async function signInWithPassword(values: SignInValues): Promise<unknown> {
  const authClient = await loadAuthClient();
  return callAuth((fetchOptions) => authClient.signIn.email({ ...bodyOf(values), fetchOptions }));
}

/** Sends the confirmation e-mail again; the link leads to `callbackURL`. */
export async function resendVerification(email: string, callbackURL: string): Promise<void> {
  const authClient = await loadAuthClient();
  await callAuth((fetchOptions) =>
    authClient.sendVerificationEmail({ email, callbackURL, fetchOptions }),
  );
}

/**
 * Once a session exists: the previous traveller's saved offline copy and the worker's photos
 * are forgotten (as the app's sign-in does), and who is now signed in is asked.
 */
export async function signedInTraveller(): Promise<Session['user']> {
  await Promise.all([clearOfflineCache(), clearWorkerUserCaches()]);
  return (await apiRequest<Session>('/api/session')).user;
}

/** Fetches the identity client and the schema before they are needed. */
export async function preload(): Promise<void> {
  await Promise.all([loadAuthClient(), signInSchema()]);
}
