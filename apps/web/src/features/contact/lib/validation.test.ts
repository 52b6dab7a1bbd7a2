import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { fieldsOfApiError, invalidFields } from './validation';

const valid = {
  name: 'Ada',
  email: 'ada@example.com',
  topic: 'question',
  message: 'How do I share a trip with my sister?',
  consent: true,
};

describe('the contact form rules', () => {
  it('accepts a complete message', () => {
    expect(invalidFields(valid)).toEqual([]);
  });

  it('names every field at fault, in the form’s order', () => {
    expect(
      invalidFields({ ...valid, consent: false, name: ' ', topic: '', message: 'short' }),
    ).toEqual(['name', 'topic', 'message', 'consent']);
    expect(invalidFields({ ...valid, email: 'ada@' })).toEqual(['email']);
  });

  it('reads the fields a 400 answer names', () => {
    const error = new ApiError(400, 'request/invalid', 'email: must be an e-mail address', {
      issues: [{ field: 'email', message: 'must be an e-mail address' }, { field: 'fillMs' }],
    });
    expect(fieldsOfApiError(error)).toEqual(['email']);
    expect(fieldsOfApiError(new ApiError(429, 'request/rate-limited', 'later'))).toEqual([]);
  });
});
