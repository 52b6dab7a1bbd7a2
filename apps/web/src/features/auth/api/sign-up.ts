import type { Language } from '@jammy/shared/languages';
import { authClient } from '../../../lib/auth-client';
import type { AuthFetchOptions } from '../lib/auth-errors';

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
  /** The language of the account (and of its mails), a server-side additional field. */
  language: Language;
  /** Where the confirmation link leads, signed in. */
  callbackURL: string;
}

/**
 * better-auth's e-mail sign-up with what Jammy's server also requires: `acceptTerms: true`
 * (a hook refuses a sign-up without it). Sent through the client's own fetch, because the
 * typed `signUp.email` knows only user fields, and accepting the terms is not one.
 */
export function signUpAcceptingTerms(input: SignUpInput, fetchOptions: AuthFetchOptions) {
  return authClient.$fetch<{ token: string | null }>('/sign-up/email', {
    method: 'POST',
    body: { ...input, acceptTerms: true },
    ...fetchOptions,
  });
}
