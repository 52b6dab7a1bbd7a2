import { z } from 'zod';

/**
 * The one rule for text people type (issue 16): every user-supplied string of the API goes
 * through `textSchema`, so the database never sees a value this rule would refuse.
 *
 * In order: lone surrogates are refused (they are not characters and cannot be stored as
 * UTF-8), the length is checked as sent (so JSON Schema's `maxLength` is exact), the text is
 * put in Unicode NFC and trimmed, line ends become `\n` in multi-line fields, control
 * characters (C0, DEL, C1) are refused except tab and newline where the field is multi-line,
 * and the length is checked again in characters (code points, as JSON Schema counts them),
 * with a ceiling in UTF-8 bytes too.
 */
export interface TextRule {
  /** Most characters (code points) allowed. */
  max: number;
  /** Refuse the empty string (after trimming). */
  required?: boolean;
  /** Tabs and line breaks allowed (notes, descriptions); single-line otherwise. */
  multiline?: boolean;
  /** Most UTF-8 bytes allowed; defaults to 4 bytes a character. */
  maxBytes?: number;
}

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATE_GLOBAL = new RegExp(LONE_SURROGATE.source, 'g');
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F]/;
// eslint-disable-next-line no-control-regex -- as above, but tab and newline are text here
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;

/** True when `value` holds a UTF-16 surrogate that is not half of a pair. */
export function hasLoneSurrogate(value: string): boolean {
  return LONE_SURROGATE.test(value);
}

/** True when `value` holds a control character the rule refuses. */
export function hasControlCharacter(value: string, multiline = false): boolean {
  return (multiline ? CONTROL_MULTI_LINE : CONTROL_SINGLE_LINE).test(value);
}

/** Length in characters (code points), not UTF-16 units: an emoji counts once. */
export function characterCount(value: string): number {
  let count = 0;
  for (const _ of value) count += 1;
  return count;
}

const encoder = new TextEncoder();

/** A zod string schema that applies the text rule (see above). */
export function textSchema(rule: TextRule) {
  const { max, multiline = false } = rule;
  const maxBytes = rule.maxBytes ?? max * 4;
  const tooLong = { message: `must be at most ${max} characters`, abort: true };
  let schema = z
    .string('must be text')
    .refine((value) => !hasLoneSurrogate(value), {
      message: 'must not contain broken characters (lone surrogates)',
      abort: true,
    })
    .refine((value) => characterCount(value) <= max, tooLong)
    .normalize('NFC')
    .trim();
  if (multiline) schema = schema.overwrite((value) => value.replace(/\r\n?/g, '\n'));
  schema = schema
    .refine((value) => !hasControlCharacter(value, multiline), {
      message: multiline
        ? 'must not contain control characters (tab and new line are fine)'
        : 'must not contain control characters or line breaks',
      abort: true,
    })
    .refine((value) => characterCount(value) <= max, tooLong)
    .refine((value) => encoder.encode(value).length <= maxBytes, {
      message: `must be at most ${maxBytes} bytes long`,
    })
    .meta({ maxLength: max });
  return rule.required ? schema.min(1, 'must not be empty') : schema;
}

/**
 * An e-mail address: the text rule, lower case, and the shape of an address (checked after
 * trimming, so the schema does not claim the `email` format of the text as sent).
 */
const emailFormat = z.email();
export function emailSchema(max = 254) {
  return textSchema({ max })
    .toLowerCase()
    .refine((value) => emailFormat.safeParse(value).success, 'must be an e-mail address');
}

/** A token handed out in a link (share links, invitations): base64url, nothing else. */
export const tokenSchema = z
  .string('must be text')
  .regex(/^[A-Za-z0-9_-]{1,200}$/, 'is not a token of this kind');

/** Most characters of a request header Jammy stores (a device's User-Agent). */
export const STORED_HEADER_MAX_LENGTH = 512;
const storedHeader = textSchema({ max: STORED_HEADER_MAX_LENGTH });

/**
 * A header value to store (the User-Agent of a session): the text rule when it passes,
 * otherwise the same value with what the rule refuses taken out. Nobody typed it, so it is
 * cleaned instead of refused: a browser's odd header must not stop a sign-in.
 */
export function storableHeader(value: string | null | undefined): string | null {
  if (!value) return null;
  const checked = storedHeader.safeParse(value);
  if (checked.success) return checked.data;
  const cleaned = [...value.replace(LONE_SURROGATE_GLOBAL, '')]
    .filter((char) => !hasControlCharacter(char))
    .slice(0, STORED_HEADER_MAX_LENGTH)
    .join('')
    .normalize('NFC')
    .trim();
  return cleaned || null;
}
