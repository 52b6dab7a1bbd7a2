import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { loadAuthClient } from '../../../lib/load-auth-client';
import { AuthFailure, callAuth } from '../lib/auth-errors';

/** The code of a ceremony the browser ended without an answer (closed, refused, replaced). */
export const PASSKEY_CANCELLED = 'PASSKEY_CANCELLED';

/** Whether this browser can sign in with a passkey at all. */
export function browserHasPasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/**
 * Signs in with a passkey (docs/decisions/047): the server's challenge, the device's signed
 * answer, the server's check and a session. With `autofill`, the browser offers the passkeys
 * it holds for Jammy in the e-mail field's suggestions (conditional UI) and the promise waits
 * until one is picked; a button's sign-in then replaces that wait.
 */
export async function signInWithPasskey(autofill: boolean): Promise<void> {
  const authClient = await loadAuthClient();
  const optionsJSON = await callAuth((fetchOptions) =>
    authClient.$fetch<PublicKeyCredentialRequestOptionsJSON>('/passkey/sign-in-options', {
      method: 'GET',
      ...fetchOptions,
    }),
  );
  if (!optionsJSON) throw new AuthFailure('errors.server');
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await startAuthentication({ optionsJSON, useBrowserAutofill: autofill }).catch(
    () => {
      throw new AuthFailure('errors.passkeyCancelled', { code: PASSKEY_CANCELLED });
    },
  );
  await callAuth((fetchOptions) =>
    authClient.$fetch('/passkey/sign-in', { method: 'POST', body: { response }, ...fetchOptions }),
  );
}

/** Whether the browser can offer passkeys among the e-mail field's suggestions. */
export async function browserOffersPasskeysInFields(): Promise<boolean> {
  const { browserSupportsWebAuthnAutofill } = await import('@simplewebauthn/browser');
  return browserSupportsWebAuthnAutofill();
}

/** Ends a passkey request still waiting (the page that made it is gone). */
export async function cancelPasskeyRequest(): Promise<void> {
  const { WebAuthnAbortService } = await import('@simplewebauthn/browser');
  WebAuthnAbortService.cancelCeremony();
}
