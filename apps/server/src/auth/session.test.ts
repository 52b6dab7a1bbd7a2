import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifySignedToken } from './session';

const SECRET = 'a secret of at least thirty-two characters';
const sign = (token: string, secret = SECRET) =>
  `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;

describe('verifySignedToken', () => {
  it('answers the token of a value signed with the secret', () => {
    expect(verifySignedToken(sign('abc.def'), SECRET)).toBe('abc.def');
  });

  it('refuses another secret, a changed token, a cut signature and no signature', () => {
    expect(verifySignedToken(sign('abc', 'another secret entirely, also long'), SECRET)).toBeNull();
    expect(verifySignedToken(sign('abc').replace(/^abc/, 'abd'), SECRET)).toBeNull();
    expect(verifySignedToken(sign('abc').slice(0, -4), SECRET)).toBeNull();
    expect(verifySignedToken('abc', SECRET)).toBeNull();
    expect(verifySignedToken('.signature', SECRET)).toBeNull();
  });
});
