import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './account-limits';

/** How a browser may reach an authenticator (WebAuthn's AuthenticatorTransport). */
export const PASSKEY_TRANSPORTS = [
  'ble',
  'cable',
  'hybrid',
  'internal',
  'nfc',
  'smart-card',
  'usb',
] as const;
export type PasskeyTransport = (typeof PASSKEY_TRANSPORTS)[number];

export function isPasskeyTransport(value: string): value is PasskeyTransport {
  return (PASSKEY_TRANSPORTS as readonly string[]).includes(value);
}

/** Text in base64url, as WebAuthn's JSON forms carry binary data. */
export const base64url = z
  .string('must be text')
  .regex(/^[A-Za-z0-9_-]*$/, 'must be base64url')
  .max(16_384);

/**
 * What every answer of `@simplewebauthn/browser` holds besides its `response` (the part of
 * RegistrationResponseJSON and AuthenticationResponseJSON they share).
 */
export const webAuthnCredentialSchema = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  // Extensions are not asked for; whatever the browser reports of them is not kept.
  clientExtensionResults: z.object({}),
});

/**
 * What `startAuthentication` of `@simplewebauthn/browser` answers (AuthenticationResponseJSON):
 * a passkey's signed answer to a challenge, at sign-in or at a step-up.
 */
export const passkeyAssertionSchema = webAuthnCredentialSchema.extend({
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
});
export type PasskeyAssertion = z.infer<typeof passkeyAssertionSchema>;

/**
 * POST /api/me/step-up/passkey-options: a challenge for this session only, which one of the
 * traveller's own passkeys (allowCredentials) must sign with the device unlocked
 * (PublicKeyCredentialRequestOptionsJSON).
 */
export const passkeyStepUpOptionsSchema = z.object({
  challenge: z.string(),
  rpId: z.string(),
  timeout: z.number().int(),
  userVerification: z.literal('required'),
  allowCredentials: z.array(
    z.object({
      id: z.string(),
      type: z.literal('public-key'),
      transports: z.array(z.enum(PASSKEY_TRANSPORTS)).optional(),
    }),
  ),
});
export type PasskeyStepUpOptions = z.infer<typeof passkeyStepUpOptionsSchema>;

/**
 * POST /api/me/step-up: proves again who the traveller is, with the password, a code of the
 * authenticator app or a passkey (one of them), for the operations that ask for a recent
 * sign-in. Kept apart from account.ts and passkeys.ts, so that the pages that load those do
 * not carry a passkey's answer.
 */
export const stepUpSchema = z
  .strictObject({
    password: z.string().min(1).max(PASSWORD_MAX_LENGTH).optional(),
    code: z
      .string()
      .regex(/^\d{6}$/, 'must be 6 digits')
      .optional(),
    /** A passkey's answer to the challenge of POST /api/me/step-up/passkey-options. */
    passkey: passkeyAssertionSchema.optional(),
  })
  .refine(
    (value) =>
      [value.password, value.code, value.passkey].filter((proof) => proof !== undefined).length ===
      1,
    { path: ['password'], message: 'give the password, a code or a passkey, one of them' },
  );
export type StepUp = z.infer<typeof stepUpSchema>;
