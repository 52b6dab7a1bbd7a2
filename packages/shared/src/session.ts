import { z } from 'zod';
import type { Me } from './account';
import { INTEREST_IDS } from './interests';
import { LANGUAGES } from './languages';

/** The signed-in traveller as GET /api/me and GET /api/session describe them. */
export const meSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  phoneNumber: z.string().nullable(),
  role: z.enum(['user', 'admin']),
  language: z.enum(LANGUAGES),
  homePlace: z.string().nullable(),
  termsAcceptedAt: z.string().nullable(),
  onboardedAt: z.string().nullable(),
  interests: z.array(z.enum(INTEREST_IDS)),
  profileComplete: z.boolean(),
  createdAt: z.string(),
  version: z.number().int().positive(),
});

/**
 * GET /api/session: who is here. Being signed out is a normal state, so it answers 200 with
 * `user: null` rather than an error the browser logs.
 */
export const sessionSchema = z.object({ user: meSchema.nullable() });
export type Session = z.infer<typeof sessionSchema>;

// The schema and the `Me` type describe the same object: a field added to one but not the
// other fails the type check here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const meSchemaMatchesMe: Same<z.infer<typeof meSchema>, Me> = true;
void meSchemaMatchesMe;
