import { z } from 'zod';
import { instantSchema } from './fields';
import { idSchema } from './ids';

/**
 * Passkeys (WebAuthn, docs/decisions/047): a traveller's discoverable credentials, each a way
 * to sign in without a password.
 */

/** Passkeys one traveller may hold. */
export const MAX_PASSKEYS = 20;
/** The longest name a passkey may be given. */
export const PASSKEY_NAME_MAX = 80;

export const passkeyNameSchema = z
  .string('must be text')
  .trim()
  .min(1, 'is required')
  .max(PASSKEY_NAME_MAX, `must be at most ${PASSKEY_NAME_MAX} characters`);

/** PATCH /api/me/passkeys/:passkeyId. */
export const renamePasskeySchema = z.strictObject({ name: passkeyNameSchema });
export type RenamePasskey = z.infer<typeof renamePasskeySchema>;

export const passkeySchema = z.object({
  id: idSchema,
  name: z.string(),
  createdAt: instantSchema,
  /** The last sign-in with it; null until the first. */
  lastUsedAt: instantSchema.nullable(),
  /** Whether the authenticator says the passkey is synced (backed up) beyond this device. */
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyListSchema = z.object({ items: z.array(passkeySchema) });
export type PasskeyList = z.infer<typeof passkeyListSchema>;
