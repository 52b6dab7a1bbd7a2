import { z } from 'zod';

export { ERROR_CODES, isErrorCode, type ErrorCode, type FieldIssue } from './errors-plain';

/** The JSON body of every error answer (one schema for every operation). */
export const errorBodySchema = z
  .object({
    error: z.object({
      /** A stable code of `ERROR_CODES` (or `storage/*` for the storage protocol). */
      code: z.string(),
      /** For people; clients map `code` to their own words. */
      message: z.string(),
      /** `issues` for a 400 (each field and what is wrong), `current` for a 409. */
      details: z.unknown().optional(),
    }),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBodySchema>;
