import { z } from 'zod';

/** Bytes in a megabyte, as the *_MB variables count them. */
export const MB = 1024 * 1024;

/** A variable that may be unset; spaces around it are dropped. */
export const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** An http:// or https:// address that may be unset. */
export const optionalHttpUrl = optionalString.pipe(
  z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional(),
);

/** A yes or no (`true`, `false`, `1`, `0`). */
export function flag(defaultValue: 'true' | 'false') {
  return z
    .enum(['true', 'false', '1', '0'])
    .default(defaultValue)
    .transform((value) => value === 'true' || value === '1');
}

/** A size in megabytes (decimals allowed), as bytes. */
export function megabytes(defaultBytes: number) {
  return z.coerce
    .number('must be a number of megabytes')
    .positive('must be more than 0')
    .max(1024 * 1024, 'must be at most 1048576 (1 TB)')
    .default(defaultBytes / MB)
    .transform((value) => Math.floor(value * MB));
}

/** A text that may be unset, of at most `max` characters. */
export function optionalText(max: number) {
  return optionalString.pipe(z.string().max(max, `must be at most ${max} characters`).optional());
}

/** The variables of one topic, as parsed: what its part of the configuration is made from. */
export type Variables<Shape extends z.ZodRawShape> = z.infer<z.ZodObject<Shape>>;
