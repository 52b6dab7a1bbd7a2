import { parse } from 'content-disposition';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalDisposition, isHeaderSafe, storableHeaders } from './header-values';

describe('canonicalDisposition', () => {
  it('is always a value a header can carry, or null', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (value) => {
        const canonical = canonicalDisposition(value);
        if (canonical !== null) expect(isHeaderSafe(canonical)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps the file name of a disposition, whatever its script', () => {
    const name = fc
      .string({ unit: 'grapheme', minLength: 1, maxLength: 40 })
      // eslint-disable-next-line no-control-regex -- names with control characters are refused
      .filter((text) => !/[\u0000-\u001F\u007F-\u009F"\\]/.test(text) && text.trim() === text);
    fc.assert(
      fc.property(fc.constantFrom('inline', 'attachment'), name, (type, fileName) => {
        const canonical = canonicalDisposition(`${type}; filename="${fileName}"`);
        expect(canonical).not.toBeNull();
        const parsed = parse(canonical ?? '');
        expect(parsed.type).toBe(type);
        expect(parsed.parameters.filename).toBe(fileName);
      }),
      { numRuns: 1000 },
    );
  });

  it('refuses what is no disposition', () => {
    for (const value of [
      '東京.png',
      'inline; 名前="x"',
      'inline; filename="\uD800.png"',
      '; a="é"',
    ]) {
      expect(canonicalDisposition(value), value).toBeNull();
    }
  });
});

describe('storableHeaders', () => {
  it('names the field that cannot be stored', () => {
    expect(() => storableHeaders({ contentDisposition: '東京' })).toThrow(/^contentDisposition: /);
    expect(() => storableHeaders({ cacheControl: 'max-age=1\u00a0' })).toThrow(/^cacheControl: /);
    expect(storableHeaders({ contentDisposition: 'inline; filename="é.pdf"' })).toEqual({
      contentDisposition: 'inline; filename="?.pdf"; filename*=UTF-8\'\'%C3%A9.pdf',
    });
  });
});
