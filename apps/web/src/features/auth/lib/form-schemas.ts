import {
  accountEmailSchema,
  newPasswordSchema,
  phoneNumberSchema,
  updateMeSchema,
} from '@jammy/shared/account';
import { z } from 'zod';

// The identity forms' schemas: the shared ones the server applies, and the rules of a form
// alone (a password typed twice). Loaded when a form is first used (see ./schemas.ts).

export { signInSchema, signUpSchema } from '@jammy/shared/account';

/** A sign-in link, a confirmation or a password reset asked for an address. */
export const emailRequestSchema = z.object({ email: accountEmailSchema });

/** better-auth's reset-password with the new password typed twice. */
export const resetPasswordSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string() })
  .refine((value) => value.confirmPassword === value.password, {
    path: ['confirmPassword'],
    message: 'must repeat the new password',
    params: { key: 'validation.passwordsDiffer' },
    // Said together with a password's own problem, not only once that one is fixed.
    when: () => true,
  });

/** PATCH /api/me as /finish-register sends it: name, language, the terms accepted. */
export const finishRegisterSchema = updateMeSchema
  .pick({ name: true, language: true, acceptTerms: true })
  .required();

/** The number a code is texted to. */
export const phoneSchema = z.object({ phoneNumber: phoneNumberSchema });

/** The code texted: six digits. */
export const phoneCodeSchema = z.object({ code: z.string().regex(/^\d{6}$/, 'must be 6 digits') });
