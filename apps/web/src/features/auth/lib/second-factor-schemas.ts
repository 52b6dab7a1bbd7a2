import { z } from 'zod';

// The second step of a sign-in, in a module of its own: only its page loads it (the other
// identity forms' schemas are kept for offline use, and these need not be).

/** The second step with the authenticator app: six digits (spaces typed between dropped). */
export const secondFactorCodeSchema = z.object({
  code: z
    .string()
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'must be 6 digits')),
  trustDevice: z.boolean(),
});

/** The second step with a backup code: ten letters and digits, as `abcde-12345`. */
export const backupCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/, 'must be a backup code')
    .transform((value) => (value.includes('-') ? value : `${value.slice(0, 5)}-${value.slice(5)}`)),
  trustDevice: z.boolean(),
});
