import { DISPLAY_NAME_MAX_LENGTH } from '@jammy/shared/account';
import {
  characterCount,
  hasControlCharacter,
  hasLoneSurrogate,
  textSchema,
} from '@jammy/shared/text';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The text rule for better-auth's routes (issue 16): their bodies and query strings are
 * checked before better-auth sees them, so no NUL, control character or broken character
 * reaches the user table through a sign-up, an e-mail link or a profile field.
 */

const SECRET_FIELDS = new Set(['password', 'newPassword', 'currentPassword']);
const displayName = textSchema({ max: DISPLAY_NAME_MAX_LENGTH });
/** Anything else better-auth takes (addresses, tokens, URLs, codes) is shorter than this. */
const MAX_OTHER_LENGTH = 2048;

interface Refusal {
  field: string;
  message: string;
}

function checkString(field: string, value: string): { value: string } | Refusal {
  const key = field.split('.').at(-1) ?? field;
  if (key === 'name') {
    const result = displayName.safeParse(value);
    return result.success
      ? { value: result.data }
      : { field, message: result.error.issues[0]?.message ?? 'is not valid' };
  }
  if (hasLoneSurrogate(value)) {
    return { field, message: 'must not contain broken characters (lone surrogates)' };
  }
  // A password is never normalised or trimmed (it must match what is typed next time), and
  // better-auth checks its length with its own code (PASSWORD_TOO_LONG), which the app reads.
  if (hasControlCharacter(value)) return { field, message: 'must not contain control characters' };
  if (!SECRET_FIELDS.has(key) && characterCount(value) > MAX_OTHER_LENGTH) {
    return { field, message: `must be at most ${MAX_OTHER_LENGTH} characters` };
  }
  return { value };
}

/** Checks (and for names, normalises) every string of `input`; the first refusal, if any. */
function checkStrings(input: unknown, path: string[]): Refusal | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const entries = Object.entries(input as Record<string, unknown>);
  for (const [key, value] of entries) {
    const field = [...path, key].join('.');
    if (typeof value === 'string') {
      const checked = checkString(field, value);
      if ('message' in checked) return checked;
      (input as Record<string, unknown>)[key] = checked.value;
    } else {
      const refusal = checkStrings(value, [...path, key]);
      if (refusal) return refusal;
    }
  }
  return undefined;
}

/**
 * preHandler of /api/auth/*: a refused value answers 400 naming the field, in better-auth's
 * error shape (`code`, `message`, which its client reads) and in ours (`error`).
 */
export async function checkAuthInput(request: FastifyRequest, reply: FastifyReply) {
  const refusal = checkStrings(request.body, []) ?? checkStrings(request.query, []);
  if (!refusal) return;
  const message = `${refusal.field}: ${refusal.message}`;
  await reply
    .status(400)
    .header('cache-control', 'no-store')
    .send({
      code: 'VALIDATION_ERROR',
      message,
      error: { code: 'request/invalid', message, details: { issues: [refusal] } },
    });
}
