import { normalizePhone } from '@jammy/shared/account';
import { describe, expect, it } from 'vitest';
import { fieldErrorOf } from '../../../components/form/field-error';
import { AUTH_FIELD_MESSAGES } from './auth-messages';
import { emailRequestSchema, phoneSchema, resetPasswordSchema, signUpSchema } from './form-schemas';

type Field = keyof typeof AUTH_FIELD_MESSAGES;

/** The message key the identity forms show for `field` holding `value`, or null when it is fine. */
function messageOf(
  schema: { safeParse: (input: unknown) => { success: boolean; error?: { issues: Issue[] } } },
  input: Record<string, unknown>,
  field: Field,
  bodyField: string = field,
): string | null {
  const parsed = schema.safeParse(input);
  const issue = parsed.error?.issues.find((candidate) => candidate.path.join('.') === bodyField);
  if (!issue) return null;
  const error = fieldErrorOf(issue, input[bodyField]);
  if (error.kind === 'custom') return error.key;
  const own = AUTH_FIELD_MESSAGES[field]?.[error.kind];
  return typeof own === 'string' ? own : null;
}
interface Issue {
  path: PropertyKey[];
  message: string;
  code?: string;
}

describe('the identity forms check with the shared schemas', () => {
  it('check e-mail addresses loosely', () => {
    expect(messageOf(emailRequestSchema, { email: '' }, 'email')).toBe('validation.emailRequired');
    expect(messageOf(emailRequestSchema, { email: 'not an address' }, 'email')).toBe(
      'validation.emailInvalid',
    );
    expect(messageOf(emailRequestSchema, { email: ' ada@example.com ' }, 'email')).toBeNull();
  });

  it('require new passwords of the shared minimum length', () => {
    const signUp = (password: string) =>
      messageOf(
        signUpSchema,
        { name: 'Ada', email: 'ada@example.com', password, acceptTerms: true },
        'password',
      );
    expect(signUp('')).toBe('validation.newPasswordRequired');
    expect(signUp('123456789')).toBe('validation.passwordTooShort');
    expect(signUp('1234567890')).toBeNull();
  });

  it('say when the password typed again differs, or is missing', () => {
    const reset = (confirmPassword: string) =>
      messageOf(
        resetPasswordSchema,
        { password: 'brand new and long', confirmPassword },
        'confirmPassword',
      );
    expect(reset('')).toBe('validation.confirmRequired');
    expect(reset('something else')).toBe('validation.passwordsDiffer');
    expect(reset('brand new and long')).toBeNull();
  });

  it('accept phone numbers as people type them, in E.164', () => {
    expect(normalizePhone('+44 (0) 7700-900.123')).toBe('+4407700900123');
    expect(normalizePhone('0044 7700 900123')).toBe('+447700900123');
    const phone = (value: string) =>
      messageOf(phoneSchema, { phoneNumber: value }, 'phone', 'phoneNumber');
    expect(phone('+44 7700 900123')).toBeNull();
    expect(phone('07700 900123')).toBe('validation.phoneInvalid');
    expect(phone('')).toBe('validation.phoneRequired');
  });
});
