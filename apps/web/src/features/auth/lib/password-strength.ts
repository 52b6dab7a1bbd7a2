import { PASSWORD_MIN_LENGTH } from '@jammy/shared/account-limits';

/** 0 nothing typed, 1 weak, 2 fair, 3 good, 4 strong. */
export type PasswordStrength = 0 | 1 | 2 | 3 | 4;

const LEVELS = [1, 2, 3, 4] as const;

/**
 * A rough strength hint while typing: length counts most, then the mix of kinds of
 * characters; a password under the minimum, or of a few repeated characters, stays weak.
 */
export function passwordStrength(password: string): PasswordStrength {
  if (password === '') return 0;
  const length = [...password].length;
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z\d]/].filter((kind) =>
    kind.test(password),
  ).length;
  const distinct = new Set(password).size;
  if (length < PASSWORD_MIN_LENGTH || distinct < 5) return 1;
  const points = [
    length >= 14 || kinds >= 3,
    length >= 18 || (length >= 12 && kinds >= 3),
    length >= 24 || (length >= 14 && kinds >= 4),
  ].filter(Boolean).length;
  return LEVELS[points] ?? 4;
}
