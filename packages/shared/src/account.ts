import { z } from 'zod';
import { interestListSchema, type InterestId } from './interests';
import { LANGUAGES } from './languages';

/** Limits of account fields, shared by the forms and the server. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;
export const DISPLAY_NAME_MAX_LENGTH = 80;
export const HOME_PLACE_MAX_LENGTH = 120;
/** What a traveller types to confirm deleting their account. */
export const DELETE_CONFIRMATION = 'DELETE';

export const displayNameSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(DISPLAY_NAME_MAX_LENGTH, `must be at most ${DISPLAY_NAME_MAX_LENGTH} characters`);

/** PATCH /api/me: only the traveller's own editable fields (never role or e-mail). */
export const updateMeSchema = z.strictObject({
  name: displayNameSchema.optional(),
  language: z.enum(LANGUAGES).optional(),
  homePlace: z
    .string()
    .trim()
    .max(HOME_PLACE_MAX_LENGTH, `must be at most ${HOME_PLACE_MAX_LENGTH} characters`)
    .nullable()
    .optional(),
  /** Accepting the terms completes a profile begun by an e-mail link, phone or federation. */
  acceptTerms: z.literal(true).optional(),
  onboarded: z.literal(true).optional(),
  interests: interestListSchema.optional(),
  version: z.number().int().positive().optional(),
});
export type UpdateMe = z.infer<typeof updateMeSchema>;

export const deleteMeSchema = z.strictObject({
  confirmation: z.literal(DELETE_CONFIRMATION, `must be ${DELETE_CONFIRMATION}`),
});

/** The signed-in traveller, as GET /api/me returns it. */
export interface Me {
  id: string;
  name: string;
  email: string | null;
  emailVerified: boolean;
  phoneNumber: string | null;
  role: 'user' | 'admin';
  language: (typeof LANGUAGES)[number];
  homePlace: string | null;
  termsAcceptedAt: string | null;
  onboardedAt: string | null;
  /** What the traveller likes (ids of the interests catalogue), set with PUT /api/me/interests. */
  interests: InterestId[];
  /** False until a name is set and the terms accepted (then /finish-register is done). */
  profileComplete: boolean;
  createdAt: string;
  version: number;
}

/** Which ways to sign in this installation offers (GET /api/sign-in-methods). */
export interface SignInMethods {
  password: true;
  emailLink: true;
  phone: true;
  oidc: { name: string } | null;
  google: boolean;
  github: boolean;
}
