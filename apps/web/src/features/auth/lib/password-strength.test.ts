import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength';

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
