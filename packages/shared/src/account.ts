import { z } from 'zod';
import { instantSchema, versionSchema } from './fields';
import { idSchema } from './ids';
import { interestIdSchema, interestListSchema } from './interests';
import { LANGUAGES } from './languages';
import { emailSchema, hasControlCharacter, hasLoneSurrogate, textSchema } from './text';

import {
  DELETE_CONFIRMATION,
  DISPLAY_NAME_MAX_LENGTH,
  HOME_PLACE_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './account-limits';

export {
  DELETE_CONFIRMATION,
  DISPLAY_NAME_MAX_LENGTH,
  HOME_PLACE_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
};

export const displayNameSchema = textSchema({ max: DISPLAY_NAME_MAX_LENGTH, required: true });

/**
 * A new password (sign-up, reset, change, first password): never trimmed or normalised (it
 * must match what is typed next time), no control or broken characters, and its length
 * counted as better-auth counts it (UTF-16 units, `String.length`). The one rule of the
 * server's routes and of every form that sets a password.
 */
export const newPasswordSchema = z
  .string('must be text')
  .check((context) => {
    // zod counts characters (code points) where better-auth counts `length`: checked here by hand.
    const { value } = context;
    if (value.length < PASSWORD_MIN_LENGTH) {
      context.issues.push({
        code: 'too_small',
        origin: 'string',
        minimum: PASSWORD_MIN_LENGTH,
        inclusive: true,
        input: value,
        message: `must be at least ${PASSWORD_MIN_LENGTH} characters`,
      });
    } else if (value.length > PASSWORD_MAX_LENGTH) {
      context.issues.push({
        code: 'too_big',
        origin: 'string',
        maximum: PASSWORD_MAX_LENGTH,
        inclusive: true,
        input: value,
        message: `must be at most ${PASSWORD_MAX_LENGTH} characters`,
      });
    }
  })
  .refine(
    (value) => !hasLoneSurrogate(value) && !hasControlCharacter(value),
    'must not contain control characters',
  )
  .meta({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH });

/** A password already set: only that something was typed (old ones may predate the rule). */
export const currentPasswordSchema = z.string('must be text').min(1, 'must not be empty');

/** POST /api/me/password: a first password for an account that signed up without one. */
export const setPasswordSchema = z.strictObject({ newPassword: newPasswordSchema });

/** An e-mail address as the identity routes take it (sign-in, sign-up, links, resets). */
export const accountEmailSchema = emailSchema();

/** better-auth's POST /api/auth/sign-in/email, as Jammy's form sends it. */
export const signInSchema = z.object({
  email: accountEmailSchema,
  password: currentPasswordSchema,
});

/** better-auth's POST /api/auth/sign-up/email with what Jammy also requires (the terms). */
export const signUpSchema = z.object({
  name: displayNameSchema,
  email: accountEmailSchema,
  password: newPasswordSchema,
  acceptTerms: z.literal(true, 'you must accept the terms to create an account'),
});

/** A phone number in E.164 form (`+` and up to 15 digits), as the identity server takes it. */
export const PHONE_NUMBER = /^\+[1-9]\d{6,14}$/;

/** A phone number as typed (spaces, dashes, brackets, a leading 00) in E.164 form. */
export function normalizePhone(value: string): string {
  const compact = value.replace(/[\s().-]/g, '');
  return compact.startsWith('00') ? `+${compact.slice(2)}` : compact;
}

/** A phone number to sign in with, as typed: read in E.164 form, then checked. */
export const phoneNumberSchema = z
  .string('must be text')
  .transform(normalizePhone)
  .pipe(z.string().regex(PHONE_NUMBER, 'must be a phone number with its country code, like +44…'));

/** PATCH /api/me: only the traveller's own editable fields (never role or e-mail). */
export const updateMeSchema = z.strictObject({
  name: displayNameSchema.optional(),
  language: z.enum(LANGUAGES).optional(),
  homePlace: textSchema({ max: HOME_PLACE_MAX_LENGTH }).nullable().optional(),
  /** Accepting the terms completes a profile begun by an e-mail link, phone or federation. */
  acceptTerms: z.literal(true).optional(),
  onboarded: z.literal(true).optional(),
  interests: interestListSchema.optional(),
  version: versionSchema.optional(),
});
export type UpdateMe = z.infer<typeof updateMeSchema>;

export const deleteMeSchema = z.strictObject({
  confirmation: z.literal(DELETE_CONFIRMATION, `must be ${DELETE_CONFIRMATION}`),
});

/** The signed-in traveller, as GET /api/me returns it. */
export const meSchema = z.object({
  id: idSchema,
  name: z.string(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  phoneNumber: z.string().nullable(),
  role: z.enum(['user', 'admin']),
  language: z.enum(LANGUAGES),
  homePlace: z.string().nullable(),
  termsAcceptedAt: instantSchema.nullable(),
  onboardedAt: instantSchema.nullable(),
  /** What the traveller likes (ids of the interests catalogue), set with PUT /api/me/interests. */
  interests: z.array(interestIdSchema),
  /** False until a name is set and the terms accepted (then /finish-register is done). */
  profileComplete: z.boolean(),
  /** Whether sign-in asks a code of an authenticator app (or a backup code) after the first step. */
  twoFactorEnabled: z.boolean(),
  /**
   * The installation requires a second factor of this traveller and they hold none: nothing
   * but setting one up works until they do (REQUIRE_SECOND_FACTOR).
   */
  secondFactorMissing: z.boolean(),
  createdAt: instantSchema,
  version: z.number().int(),
});
export type Me = z.infer<typeof meSchema>;

/** Which ways to sign in this installation offers (GET /api/sign-in-methods). */
export const signInMethodsSchema = z.object({
  password: z.literal(true),
  emailLink: z.literal(true),
  phone: z.literal(true),
  oidc: z.object({ name: z.string() }).nullable(),
  google: z.boolean(),
  github: z.boolean(),
});
export type SignInMethods = z.infer<typeof signInMethodsSchema>;

/** One signed-in device of mine (GET /api/me/sessions), without its token. */
export const deviceSessionSchema = z.object({
  id: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
  expiresAt: instantSchema,
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof deviceSessionSchema>;

/** GET /api/me/export: everything Jammy holds about the traveller's account, as a file. */
export const accountExportSchema = z.object({
  exportedAt: instantSchema,
  profile: meSchema,
  signInMethods: z.array(z.object({ providerId: z.string(), createdAt: instantSchema })),
  sessions: z.array(
    z.object({
      createdAt: instantSchema,
      expiresAt: instantSchema,
      ipAddress: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
});
