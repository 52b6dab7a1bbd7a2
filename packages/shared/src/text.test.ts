import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { characterCount, emailSchema, storableHeader, textSchema } from './text';

const title = textSchema({ max: 5, required: true });
const body = textSchema({ max: 20, multiline: true });

function messages(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('the text rule', () => {
  it('puts text in NFC and trims it', () => {
    // "e" + combining acute accent becomes the one character "é".
    expect(title.parse('Cafe\u0301')).toBe('Café');
    expect(textSchema({ max: 10 }).parse('  Cafe\u0301 ')).toBe('Café');
  });

  it('counts the text as sent as well, so JSON Schema’s maxLength is exact', () => {
    expect(messages(title, ' abcd ')).toEqual(['must be at most 5 characters']);
  });

  it('counts characters, not UTF-16 units: five emoji fit five characters', () => {
    expect(title.parse('🏔🏔🏔🏔🏔')).toBe('🏔🏔🏔🏔🏔');
    expect(messages(title, '🏔🏔🏔🏔🏔🏔')).toEqual(['must be at most 5 characters']);
    expect(characterCount('👍🏽')).toBe(2);
  });

  it('refuses lone surrogates, which cannot be stored as UTF-8', () => {
    expect(messages(title, 'a\uD800b')).toEqual([
      'must not contain broken characters (lone surrogates)',
    ]);
    expect(messages(title, '\uDC00')).toHaveLength(1);
    expect(title.parse('😀')).toBe('😀');
  });

  it('refuses control characters, and line breaks in a single-line field', () => {
    for (const bad of ['a\u0000b', 'a\u0007', 'a\u001Bb', 'x\u007F', 'x\u0085', 'a\nb', 'a\tb']) {
      expect(messages(title, bad), JSON.stringify(bad)).toEqual([
        'must not contain control characters or line breaks',
      ]);
    }
  });

  it('keeps tab and new line in a multi-line field, and turns CR LF into LF', () => {
    expect(body.parse('one\r\ntwo\rthree\tfour')).toBe('one\ntwo\nthree\tfour');
    expect(messages(body, 'bell\u0007')).toEqual([
      'must not contain control characters (tab and new line are fine)',
    ]);
    expect(messages(body, 'nul\u0000')).toHaveLength(1);
  });

  it('has a byte ceiling as well as a character limit', () => {
    const tight = textSchema({ max: 10, maxBytes: 10 });
    expect(tight.parse('abcdefghij')).toBe('abcdefghij');
    expect(messages(tight, 'ééééé é')).toEqual(['must be at most 10 bytes long']);
  });

  it('refuses the empty string when required, after trimming', () => {
    expect(messages(title, '   ')).toEqual(['must not be empty']);
    expect(textSchema({ max: 5 }).parse('   ')).toBe('');
  });

  it('refuses what is not a string', () => {
    expect(messages(title, 42)).toEqual(['must be text']);
  });

  it('describes the limit in JSON Schema, in characters', () => {
    expect(z.toJSONSchema(title)).toMatchObject({ type: 'string', maxLength: 5, minLength: 1 });
  });
});

describe('e-mail addresses', () => {
  const email = emailSchema();
  it('are trimmed, lower case and NFC', () => {
    expect(email.parse('  Ana@Example.COM ')).toBe('ana@example.com');
  });
  it('refuse what is not an address, and control characters', () => {
    expect(messages(email, 'not an address')).toEqual(['must be an e-mail address']);
    expect(messages(email, 'a\u0000@example.com')).toEqual([
      'must not contain control characters or line breaks',
    ]);
  });
});

describe('stored headers', () => {
  it('keep a normal User-Agent as it is', () => {
    expect(storableHeader('Mozilla/5.0 (X11; Linux x86_64)')).toBe(
      'Mozilla/5.0 (X11; Linux x86_64)',
    );
  });
  it('lose control and broken characters, and stop at 512 characters', () => {
    expect(storableHeader('Agent\u0085/1\u0000 \uD800x')).toBe('Agent/1 x');
    expect(storableHeader('a'.repeat(600))).toHaveLength(512);
    expect(storableHeader('\u0001')).toBeNull();
    expect(storableHeader(undefined)).toBeNull();
  });
});
