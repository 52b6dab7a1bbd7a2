import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  accountEmailSchema,
  currentPasswordSchema,
  newPasswordSchema,
} from '@jammy/shared/account';
import { z } from 'zod';
import type { FieldMessages } from '../../../components/form/use-form';
import { problemFromApi } from '../api/problem';

// The account forms' schemas: the shared rules the server applies (one password rule for
// sign-up and account alike), and the rules of a form alone, each with its message key.

const repeated = {
  path: ['confirmPassword'],
  message: 'must repeat the new password',
  params: { key: 'password.mismatch' },
  // Said together with the new password's own problem, not only once that one is fixed.
  when: () => true,
};

/** better-auth's change-password, with the new password typed twice. */
export const changePasswordSchema = z
  .object({
    currentPassword: currentPasswordSchema,
    newPassword: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((value) => value.newPassword !== value.currentPassword, {
    path: ['newPassword'],
    message: 'must differ from the current password',
    params: { key: 'password.sameAsCurrent' },
  })
  .refine((value) => value.confirmPassword === value.newPassword, repeated);

/** POST /api/me/password (a first password), typed twice. */
export const setPasswordSchema = z
  .object({ newPassword: newPasswordSchema, confirmPassword: z.string() })
  .refine((value) => value.confirmPassword === value.newPassword, repeated);

/** better-auth's change-email, refusing the address the account already has. */
export function changeEmailSchema(current: string | null) {
  return z
    .object({ newEmail: accountEmailSchema })
    .refine((value) => current === null || value.newEmail !== current.toLowerCase(), {
      path: ['newEmail'],
      message: 'is the current address',
      params: { key: 'errors.same-email' },
    });
}

/** The account forms' words for their fields' problems (keys of the `account` namespace). */
export const ACCOUNT_FIELD_MESSAGES: FieldMessages<string> = {
  name: {
    required: 'profile.nameRequired',
    tooLong: 'validation.tooLong',
    invalid: 'validation.notAccepted',
  },
  language: { invalid: 'validation.notAccepted' },
  homePlace: { tooLong: 'validation.tooLong', invalid: 'validation.notAccepted' },
  currentPassword: { required: 'password.currentRequired' },
  newPassword: {
    required: 'validation.tooShort',
    tooShort: 'validation.tooShort',
    tooLong: 'validation.tooLong',
    invalid: 'validation.notAccepted',
  },
  confirmPassword: { required: 'password.mismatch' },
  newEmail: { required: 'email.invalid', invalid: 'email.invalid' },
  code: {
    required: 'second-factor:setup.codeRequired',
    invalid: 'second-factor:setup.codeRequired',
  },
};

/** A refusal of the identity server that names a field of an account form: said there too. */
function fieldOfFailure<Field extends string>(fields: readonly Field[]) {
  return (error: unknown) => {
    const problem = problemFromApi(error);
    const wrongPassword = problem.kind === 'wrong-password' ? 'currentPassword' : undefined;
    const wrongCode = problem.kind === 'wrong-code' ? 'code' : undefined;
    const refused =
      problem.kind === 'email-in-use' || problem.kind === 'same-email'
        ? 'newEmail'
        : problem.kind === 'invalid'
          ? problem.extra.fields?.[0]
          : undefined;
    const field = fields.find((candidate) => candidate === (wrongPassword ?? wrongCode ?? refused));
    if (!field) return null;
    if (field === wrongCode) return { field, key: 'errors.wrong-code' };
    return { field, key: wrongPassword ? 'errors.wrong-password' : 'validation.notAccepted' };
  };
}

/**
 * What the account forms hand the form kit: their namespace and words, refusals on their
 * fields, and every failure also summed up above the form (as the account page always did).
 */
export function accountFormOptions<Field extends string>(fields: readonly Field[]) {
  return {
    ns: 'account',
    messages: ACCOUNT_FIELD_MESSAGES,
    messageValues: { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH },
    fieldOfFailure: fieldOfFailure(fields),
    alsoSumUp: true,
  };
}

/** A code of the authenticator app: six digits (spaces typed between them are dropped). */
export const authenticatorCodeSchema = z
  .string()
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'must be 6 digits'));

/** Turning the authenticator app on: the password when the account has one. */
export const enableTwoFactorSchema = z.object({ password: z.string() });

/** Confirming the app with its first code. */
export const confirmTwoFactorSchema = z.object({ code: authenticatorCodeSchema });

/** Turning it off: a current code, and the password when the account has one. */
export const disableTwoFactorSchema = z.object({
  code: authenticatorCodeSchema,
  password: z.string(),
});
