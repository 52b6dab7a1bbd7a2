import { describe, expect, it } from 'vitest';
import { idSchema, isUuidV7 } from './ids';
import { newUuidV7 } from './uuid';

describe('isUuidV7', () => {
  it('accepts version 7 ids in either case', () => {
    expect(isUuidV7('0192f7a0-0000-7000-8000-000000000000')).toBe(true);
    expect(isUuidV7('0192F7A0-ABCD-7EF0-B123-0123456789AB')).toBe(true);
  });

  it.each([
    ['a v4 id', '0192f7a0-0000-4000-8000-000000000000'],
    ['a wrong variant', '0192f7a0-0000-7000-c000-000000000000'],
    ['no dashes', '0192f7a000007000800000000000000'],
    ['extra text', '0192f7a0-0000-7000-8000-000000000000x'],
    ['an empty string', ''],
    ['a word', 'abc'],
  ])('refuses %s', (_, value) => {
    expect(isUuidV7(value)).toBe(false);
  });

  it('is the id schema of the API', () => {
    expect(idSchema.safeParse('abc').success).toBe(false);
    expect(idSchema.parse('0192f7a0-0000-7000-8000-000000000000')).toBeTruthy();
  });
});

describe('newUuidV7', () => {
  it('makes version 7 ids that carry their time and sort by it', () => {
    const early = newUuidV7(Date.UTC(2027, 2, 28, 8, 30));
    const late = newUuidV7(Date.UTC(2027, 2, 28, 8, 31));
    expect(isUuidV7(early)).toBe(true);
    expect(Number.parseInt(early.replace('-', '').slice(0, 12), 16)).toBe(
      Date.UTC(2027, 2, 28, 8, 30),
    );
    expect(early < late).toBe(true);
    expect(new Set(Array.from({ length: 100 }, () => newUuidV7())).size).toBe(100);
  });
});
