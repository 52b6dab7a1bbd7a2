import type { SignInMethods } from '@jammy/shared/account';
import type { Language } from '@jammy/shared/languages';
import { authPath, redirectTarget } from './auth-redirect';

/** better-auth's provider ids: the generic OIDC provider is registered as `oidc`. */
export type FederatedProvider = 'oidc' | 'google' | 'github';

export interface FederatedOption {
  provider: FederatedProvider;
  /** The name on the button: the OIDC provider's configured name, or the brand. */
  name: string;
}

/** The federated sign-in buttons to show, in order, for what this installation configured. */
export function federatedOptions(methods: SignInMethods | undefined): FederatedOption[] {
  if (!methods) return [];
  const options: FederatedOption[] = [];
  if (methods.oidc) options.push({ provider: 'oidc', name: methods.oidc.name });
  if (methods.google) options.push({ provider: 'google', name: 'Google' });
  if (methods.github) options.push({ provider: 'github', name: 'GitHub' });
  return options;
}

/**
 * The body of `authClient.signIn.social`: back to the page asked for, a new account completes
 * its profile first, and a failure comes back to /login/start (with `?error=`).
 */
export function socialSignInRequest(
  provider: FederatedProvider,
  language: Language,
  redirect: string | null,
) {
  return {
    provider,
    callbackURL: redirectTarget(redirect, language),
    newUserCallbackURL: authPath('/finish-register', language, redirect),
    errorCallbackURL: authPath('/login/start', language, redirect),
  };
}
