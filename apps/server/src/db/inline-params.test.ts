import { describe, expect, it } from 'vitest';
import { inlineParams } from './inline-params';

describe('inlineParams', () => {
  it('writes each parameter in as node-postgres would send it', () => {
    expect(
      inlineParams('insert into t (a, b, c, d) values ($1, $2, $3, $4)', ['x', 2, true, null]),
    ).toBe(`insert into t (a, b, c, d) values ('x', '2', 'true', null)`);
    // $10 is the tenth, not the first and a 0.
    const ten = Array.from({ length: 10 }, (_, index) => `v${index + 1}`);
    expect(inlineParams('select $10, $1', ten)).toBe(`select 'v10', 'v1'`);
    expect(inlineParams('select $1', [['a', 'b']])).toBe(`select '{"a","b"}'`);
    expect(inlineParams('select $1', [{ title: 'x' }])).toBe(`select '{"title":"x"}'`);
  });

  it('quotes what could end the literal or escape it', () => {
    expect(inlineParams('select $1', [`it's`])).toBe(`select 'it''s'`);
    // A backslash: the E form, with the backslash doubled (right with either setting of
    // standard_conforming_strings).
    expect(inlineParams('select $1', ['a\\b'])).toBe(String.raw`select  E'a\\b'`);
    expect(inlineParams('select $1', [['b"c']])).toBe(String.raw`select  E'{"b\\"c"}'`);
    expect(inlineParams('select $1', [`'); drop table note; --`])).toBe(
      `select '''); drop table note; --'`,
    );
    // A parameter's text that looks like a parameter stays text.
    expect(inlineParams('select $1, $2', ['$2', 'two'])).toBe(`select '$2', 'two'`);
  });

  it('leaves `$n` inside quotes and identifiers alone', () => {
    expect(inlineParams(`select '$1' as "a$1", $1`, ['x'])).toBe(`select '$1' as "a$1", 'x'`);
  });

  it('declines what it cannot write safely, for the caller to send as it was', () => {
    expect(inlineParams('select $1', ['a\0b'])).toBeUndefined();
    expect(inlineParams('select $1', [Buffer.from('ab')])).toBeUndefined();
    expect(inlineParams('select $$text$$', [])).toBeUndefined();
    expect(inlineParams('select $2', ['only one'])).toBeUndefined();
    expect(inlineParams('select $0', ['x'])).toBeUndefined();
    expect(inlineParams(`select E'\\n', $1`, ['x'])).toBeUndefined();
    expect(inlineParams(`select 'open, $1`, ['x'])).toBeUndefined();
  });

  it('writes a date as node-postgres does, with its offset', () => {
    const literal = inlineParams('$1', [new Date('2027-05-01T10:00:00.000Z')]) ?? '';
    expect(literal).toMatch(/^'2027-05-01/);
    expect(literal).toMatch(/[+-]\d\d:\d\d'$/);
  });
});
