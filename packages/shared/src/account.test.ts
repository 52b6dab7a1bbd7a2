import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  newPasswordSchema,
  signUpSchema,
} from './account';
import { hasControlCharacter, hasLoneSurrogate } from './text';

describe('newPasswordSchema', () => {
  it('counts a length as better-auth does (UTF-16 units), for sign-up and account alike', () => {
    // Five emoji are ten UTF-16 units: better-auth takes them as ten characters.
    const emoji = '😀'.repeat(5);
    expect(newPasswordSchema.safeParse(emoji).success).toBe(true);
    expect(signUpSchema.shape.password.safeParse(emoji).success).toBe(
      newPasswordSchema.safeParse(emoji).success,
    );
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 140 }), (password) => {
        const clean = !hasLoneSurrogate(password) && !hasControlCharacter(password);
        const fits =
          password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH;
        expect(newPasswordSchema.safeParse(password).success).toBe(clean && fits);
      }),
    );
  });

  it('never trims or normalises what was typed', () => {
    const typed = '  café au lait  ';
    expect(newPasswordSchema.parse(typed)).toBe(typed);
  });
});
