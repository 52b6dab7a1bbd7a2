import { z } from 'zod';
import { instantSchema, versionSchema } from './fields';
import { idSchema } from './ids';
import { interestIdSchema, interestListSchema } from './interests';
import { LANGUAGES } from './languages';
import { textSchema } from './text';

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
