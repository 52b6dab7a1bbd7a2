import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createVerifiedUser,
  getMe,
  nextIp,
  onlyLink,
  signUp,
  uniqueEmail,
  type ApiErrorBody,
  type AuthErrorBody,
  type CookieJar,
} from '../../test/auth-helpers';
import { startIdentityTest, type IdentityTest } from '../../test/identity-app';

let identity: IdentityTest;

beforeAll(async () => {
  identity = await startIdentityTest();
});

afterAll(async () => {
  await identity?.close();
});

const app = () => identity.main.app;
const EVIL = 'https://evil.example';

async function signedIn(): Promise<CookieJar> {
  return (await createVerifiedUser(app(), identity.smtp, { email: uniqueEmail('csrf') })).jar;
}

function patchMe(jar: CookieJar | undefined, headers: Record<string, string>) {
  return app().inject({
    method: 'PATCH',
    url: '/api/me',
    headers: { ...jar?.headers(), ...headers },
    payload: { name: 'Changed' },
  });
}

describe('origin check of /api (cookie-carrying writes)', () => {
  it('refuses a PATCH with the session cookie and no Origin or Referer: 403', async () => {
    const jar = await signedIn();
    const response = await patchMe(jar, {});
    expect(response.statusCode).toBe(403);
    expect(response.json<ApiErrorBody>()).toEqual({
      error: {
        code: 'auth/forbidden',
        message: 'This request must come from the Jammy app itself',
      },
    });
    expect((await getMe(app(), jar)).json()).toMatchObject({ name: 'Test Traveller' });
  });

  it('refuses a PATCH from another origin, by Origin or by Referer', async () => {
    const jar = await signedIn();
    expect((await patchMe(jar, { origin: EVIL })).statusCode).toBe(403);
    expect((await patchMe(jar, { referer: `${EVIL}/page` })).statusCode).toBe(403);
    expect((await patchMe(jar, { origin: 'null' })).statusCode).toBe(403);
    expect((await patchMe(jar, { origin: 'http://localhost:3000.evil.example' })).statusCode).toBe(
      403,
    );
    // An Origin of ours does not excuse a foreign one: Origin wins over Referer.
    const mixed = await patchMe(jar, { origin: EVIL, referer: `${identity.origin}/profile` });
    expect(mixed.statusCode).toBe(403);
  });

  it('accepts a PATCH from our own origin, by Origin or by Referer', async () => {
    const jar = await signedIn();
    expect((await patchMe(jar, { origin: identity.origin })).statusCode).toBe(200);
    expect((await patchMe(jar, { referer: `${identity.origin}/profile` })).statusCode).toBe(200);
  });

  it('a write without cookies is not a CSRF risk: it gets 401, not 403', async () => {
    const response = await patchMe(undefined, { origin: EVIL });
    expect(response.statusCode).toBe(401);
    expect(response.json<ApiErrorBody>().error.code).toBe('auth/unauthenticated');
  });

  it('DELETE /api/me from another origin is refused and the account stays', async () => {
    const jar = await signedIn();
    const response = await app().inject({
      method: 'DELETE',
      url: '/api/me',
      headers: { ...jar.headers(), origin: EVIL },
      payload: { confirmation: 'DELETE' },
    });
    expect(response.statusCode).toBe(403);
    expect((await getMe(app(), jar)).statusCode).toBe(200);
  });
});

// better-auth would skip these checks when NODE_ENV is 'test' or TEST is set; they run here,
// under vitest, because the protection must not depend on an environment variable.
describe("better-auth's own checks of /api/auth", () => {
  it('refuses a cookie-carrying sign-out from another origin (403)', async () => {
    const jar = await signedIn();
    const response = await app().inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      remoteAddress: nextIp(),
      headers: { ...jar.headers(), origin: EVIL },
      payload: {},
    });
    expect(response.statusCode).toBe(403);
    expect(response.json<AuthErrorBody>().code).toBe('INVALID_ORIGIN');
    expect((await getMe(app(), jar)).statusCode).toBe(200);
  });

  it('refuses a sign-up whose callbackURL is another site (open redirect)', async () => {
    const email = uniqueEmail('redirect');
    const response = await signUp(app(), { email, callbackURL: `${EVIL}/phish` });
    expect(response.statusCode).toBe(403);
    expect(response.json<AuthErrorBody>().code).toBe('INVALID_CALLBACK_URL');
  });

  it('a verification link does not redirect to another site', async () => {
    const email = uniqueEmail('redirect-link');
    await signUp(app(), { email });
    const link = new URL(onlyLink((await identity.smtp.waitForMail(email)).links));
    link.searchParams.set('callbackURL', `${EVIL}/phish`);
    const response = await app().inject({
      method: 'GET',
      url: `${link.pathname}${link.search}`,
      remoteAddress: nextIp(),
    });
    expect(String(response.headers.location ?? '')).not.toContain('evil.example');
  });

  it('a sign-in whose callbackURL is one of our paths is accepted', async () => {
    const email = uniqueEmail('local-callback');
    await createVerifiedUser(app(), identity.smtp, { email });
    const response = await app().inject({
      method: 'POST',
      url: '/api/auth/sign-in/magic-link',
      remoteAddress: nextIp(),
      payload: { email, callbackURL: '/itineraries/new' },
    });
    expect(response.statusCode).toBe(200);
  });
});

/** A sign-up sent by a browser at `origin` (its Origin, and its Host unless another is given). */
function signUpAt(origin: string, email: string, testApp = app(), host = new URL(origin).host) {
  return testApp.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    remoteAddress: nextIp(),
    headers: { host, origin },
    payload: {
      name: 'First Run',
      email,
      password: 'correct horse battery',
      acceptTerms: true,
      callbackURL: '/itineraries',
    },
  });
}

// The app above runs without PUBLIC_URL, as a first `npm start` does.
describe('without PUBLIC_URL: the address the browser used, when it is local', () => {
  it.each(['http://127.0.0.1:3000', 'http://192.168.1.20:3000', 'http://[fd00::2]:3000'])(
    'accepts a sign-up opened at %s',
    async (origin) => {
      const response = await signUpAt(origin, uniqueEmail('first-run'));
      expect(response.statusCode, response.body).toBe(200);
    },
  );

  it('accepts the writes of a traveller signed in at a private address', async () => {
    const jar = await signedIn();
    const origin = 'http://10.0.0.8:3000';
    const response = await patchMe(jar, { host: '10.0.0.8:3000', origin });
    expect(response.statusCode, response.body).toBe(200);
    // Another page on the same network is another origin: refused.
    const other = await patchMe(jar, { host: '10.0.0.8:3000', origin: 'http://10.0.0.9:3000' });
    expect(other.statusCode).toBe(403);
  });

  it('refuses a public address, saying what to set', async () => {
    const origin = 'http://203.0.113.7:3000';
    const response = await signUpAt(origin, uniqueEmail('public'));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'INVALID_ORIGIN',
      message: expect.stringContaining(`Set PUBLIC_URL=${origin}`) as string,
      origin,
      publicUrl: null,
    });
    // A page elsewhere cannot borrow a local Host: its Origin is its own.
    const forged = await signUpAt(EVIL, uniqueEmail('eve'), app(), '127.0.0.1:3000');
    expect(forged.statusCode).toBe(403);
  });
});

describe('with PUBLIC_URL: its origin only', () => {
  it('refuses a sign-up at another address, naming PUBLIC_URL and what to set', async () => {
    const strict = await identity.another({ PUBLIC_URL: 'https://trips.example.org' });
    const origin = 'http://127.0.0.1:3000';
    const response = await signUpAt(origin, uniqueEmail('strict'), strict.app);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'INVALID_ORIGIN',
      message: expect.stringContaining(`set PUBLIC_URL=${origin}`) as string,
      origin,
      publicUrl: 'https://trips.example.org',
    });
    const accepted = await signUpAt('https://trips.example.org', uniqueEmail('strict'), strict.app);
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});
