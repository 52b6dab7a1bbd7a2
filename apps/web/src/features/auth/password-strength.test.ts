import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength';
import { checkEmail, checkNewPassword, checkPhone, normalizePhone } from './validation';

describe('passwordStrength', () => {
  it.each([
    ['', 0],
    ['Tr1p!', 1],
    ['aaaaaaaaaaaaaaaa', 1],
    ['holidaysss', 1],
    ['Holiday2025', 2],
    ['Summer-trip25', 3],
    ['Summer-Trip-2025', 4],
    ['correct horse battery staple', 4],
  ] as const)('rates %j as %i', (password, strength) => {
    expect(passwordStrength(password)).toBe(strength);
  });
});

describe('form checks', () => {
  it('check e-mail addresses loosely', () => {
    expect(checkEmail('')).toBe('validation.emailRequired');
    expect(checkEmail('not an address')).toBe('validation.emailInvalid');
    expect(checkEmail(' ada@example.com ')).toBeNull();
  });

  it('require new passwords of the shared minimum length', () => {
    expect(checkNewPassword('')).toBe('validation.newPasswordRequired');
    expect(checkNewPassword('123456789')).toBe('validation.passwordTooShort');
    expect(checkNewPassword('1234567890')).toBeNull();
  });

  it('accept phone numbers as people type them, in E.164', () => {
    expect(normalizePhone('+44 (0) 7700-900.123')).toBe('+4407700900123');
    expect(normalizePhone('0044 7700 900123')).toBe('+447700900123');
    expect(checkPhone('+44 7700 900123')).toBeNull();
    expect(checkPhone('07700 900123')).toBe('validation.phoneInvalid');
    expect(checkPhone('')).toBe('validation.phoneRequired');
  });
});
