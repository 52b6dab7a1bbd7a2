import { describe, expect, it } from 'vitest';
import { fieldErrorOf, fieldErrorsOf } from './field-error';

describe('fieldErrorOf', () => {
  it('calls any problem of an empty field "required"', () => {
    expect(fieldErrorOf({ message: 'must be an e-mail address' }, '  ')).toEqual({
      kind: 'required',
    });
    expect(fieldErrorOf({ message: 'Invalid input' }, false)).toEqual({ kind: 'required' });
  });

  it("keeps the limit of a length, from zod or from the server's message", () => {
    expect(fieldErrorOf({ message: 'x', code: 'too_small', minimum: 10 }, 'short')).toEqual({
      kind: 'tooShort',
      min: 10,
    });
    expect(fieldErrorOf({ message: 'must be at most 80 characters' }, 'long')).toEqual({
      kind: 'tooLong',
      max: 80,
    });
  });

  it('takes the message key a rule of the form names', () => {
    expect(
      fieldErrorOf({ message: 'differ', params: { key: 'validation.passwordsDiffer' } }, 'abc'),
    ).toEqual({ kind: 'custom', key: 'validation.passwordsDiffer' });
    expect(fieldErrorOf({ message: 'must be an http address' }, 'ftp://x')).toEqual({
      kind: 'invalid',
    });
  });
});

describe('fieldErrorsOf', () => {
  it('puts each issue on the form field of its body path, or of the body field holding it', () => {
    const values = { title: 'Dinner', cost: '12', people: 'ana' };
    const issues = [
      { field: 'costMinor', message: 'must not be negative' },
      { field: 'split.userIds.0', message: 'is not a member of this itinerary' },
      { field: 'split', message: 'names someone twice' },
      { field: 'placeId', message: 'is not a place of this itinerary' },
    ];
    expect(fieldErrorsOf(issues, values, { costMinor: 'cost', split: 'people' })).toEqual({
      cost: { kind: 'invalid' },
      people: { kind: 'invalid' },
    });
  });
});
