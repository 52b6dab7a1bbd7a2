import { z } from 'zod';
import { meSchema } from './account';

/**
 * GET /api/session: who is here. Being signed out is a normal state, so it answers 200 with
 * `user: null` rather than an error the browser logs.
 */
export const sessionSchema = z.object({ user: meSchema.nullable() });
export type Session = z.infer<typeof sessionSchema>;
