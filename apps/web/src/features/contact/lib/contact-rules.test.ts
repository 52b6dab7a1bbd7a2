import { contactRequestSchema } from '@jammy/shared/contact';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { toProblem } from '../../../lib/problem';

// The contact form checks with the server's own schema (through the form kit): these are the
// rules a person meets before anything is sent.
const valid = {
  name: 'Ada',
  email: 'ada@example.com',
  topic: 'question',
  message: 'How do I share a trip with my sister?',
  consent: true,
};

function invalidFields(input: unknown): string[] {
  const result = contactRequestSchema.safeParse(input);
  return result.success
    ? []
    : [...new Set(result.error.issues.map((issue) => issue.path.join('.')))];
}

describe('the contact form rules', () => {
  it('accepts a complete message', () => {
    expect(invalidFields(valid)).toEqual([]);
  });

  it('names every field at fault', () => {
    expect(
      invalidFields({ ...valid, consent: false, name: ' ', topic: '', message: 'short' }).sort(),
    ).toEqual(['consent', 'message', 'name', 'topic']);
    expect(invalidFields({ ...valid, email: 'ada@' })).toEqual(['email']);
  });

  it('reads the fields a 400 answer names', () => {
    const error = new ApiError(400, 'request/invalid', 'email: must be an e-mail address', {
      issues: [{ field: 'email', message: 'must be an e-mail address' }, { field: 'fillMs' }],
    });
    expect(toProblem(error).issues.map((issue) => issue.field)).toEqual(['email']);
    expect(toProblem(new ApiError(429, 'request/rate-limited', 'later')).issues).toEqual([]);
  });
});
