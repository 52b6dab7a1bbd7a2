import {
  DISPLAY_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@jammy/shared/account-limits';

/** A translation key (namespace `auth`) of what is wrong with a field, or null when it is fine. */
export type FieldProblem = string | null;

// Deliberately loose: the server has the last word; this only catches typing slips.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const E164 = /^\+[1-9]\d{6,14}$/;

export function checkEmail(value: string): FieldProblem {
  const email = value.trim();
  if (email === '') return 'validation.emailRequired';
  return EMAIL.test(email) ? null : 'validation.emailInvalid';
}

/** A new password: at least the minimum length, at most the maximum. */
export function checkNewPassword(value: string): FieldProblem {
  if (value === '') return 'validation.newPasswordRequired';
  const length = [...value].length;
  if (length < PASSWORD_MIN_LENGTH) return 'validation.passwordTooShort';
  return length > PASSWORD_MAX_LENGTH ? 'validation.passwordTooLong' : null;
}

/** An existing password: only that something was typed (old passwords may predate the rules). */
export function checkCurrentPassword(value: string): FieldProblem {
  return value === '' ? 'validation.passwordRequired' : null;
}

export function checkName(value: string): FieldProblem {
  const name = value.trim();
  if (name === '') return 'validation.nameRequired';
  return name.length > DISPLAY_NAME_MAX_LENGTH ? 'validation.nameTooLong' : null;
}

/** A phone number as typed (spaces, dashes, brackets, a leading 00) in E.164 form. */
export function normalizePhone(value: string): string {
  const compact = value.replace(/[\s().-]/g, '');
  return compact.startsWith('00') ? `+${compact.slice(2)}` : compact;
}

export function checkPhone(value: string): FieldProblem {
  const phone = normalizePhone(value);
  if (phone === '') return 'validation.phoneRequired';
  return E164.test(phone) ? null : 'validation.phoneInvalid';
}

/**
 * `value` (an e-mail address, a phone number) isolated from the text around it, so a
 * right-to-left sentence does not reorder its characters.
 */
export function isolate(value: string): string {
  return `\u2066${value}\u2069`;
}

/** Values every auth message may interpolate (limits shared with the server). */
export const MESSAGE_VALUES = {
  min: PASSWORD_MIN_LENGTH,
  maxPassword: PASSWORD_MAX_LENGTH,
  maxName: DISPLAY_NAME_MAX_LENGTH,
} as const;
