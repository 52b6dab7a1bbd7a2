import type { Me } from '@jammy/shared/account';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CookieJar,
  TEST_PASSWORD,
  createVerifiedUser,
  followLink,
  nextIp,
  onlyLink,
  readMe,
  signUp,
  uniqueEmail,
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

function updateUser(jar: CookieJar, payload: Record<string, unknown>) {
  return app().inject({
    method: 'POST',
    url: '/api/auth/update-user',
    remoteAddress: nextIp(),
    headers: { ...jar.headers(), origin: identity.origin },
    payload,
  });
}

async function newUser(): Promise<{ jar: CookieJar; me: Me }> {
  return createVerifiedUser(app(), identity.smtp, { email: uniqueEmail('fields'), name: 'Fiona' });
}

describe('fields a traveller cannot set through better-auth', () => {
  it('sign-up ignores role: admin', async () => {
    const email = uniqueEmail('escalate');
    const response = await app().inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      remoteAddress: nextIp(),
      payload: {
        name: 'Eve',
        email,
        password: TEST_PASSWORD,
        acceptTerms: true,
        role: 'admin',
        callbackURL: '/itineraries',
      },
    });
    expect(response.statusCode).toBe(200);
    const mail = await identity.smtp.waitForMail(email);
    const verified = await followLink(app(), onlyLink(mail.links));
    expect(verified.statusCode).toBe(302);
    expect((await readMe(app(), new CookieJar().store(verified))).role).toBe('user');
  });

  it("better-auth's update-user is switched off: role, terms, version never change there", async () => {
    const { jar, me } = await newUser();
    for (const payload of [
      { role: 'admin' },
      { termsAcceptedAt: null },
      { version: 99 },
      { emailVerified: false },
      { homePlace: 'Nowhere' },
    ]) {
      expect((await updateUser(jar, payload)).statusCode).toBe(404);
    }
    expect(await readMe(app(), jar)).toEqual(me);
  });

  // Sign-up takes the visitor's language: only one Jammy speaks.
  it('sign-up refuses a language Jammy does not have', async () => {
    const response = await signUp(app(), { email: uniqueEmail('zz'), language: 'zz' });
    expect(response.statusCode).toBe(400);
  });

  // PATCH /api/me is the one way to edit the profile (trimmed, 1–80 characters, versioned).
  it('update-user cannot bypass the rules of PATCH /api/me', async () => {
    const { jar, me } = await newUser();
    const responses = [
      await updateUser(jar, { name: 'x'.repeat(500) }),
      await updateUser(jar, { name: '' }),
      await updateUser(jar, { language: 'zz' }),
    ];
    expect(responses.map((response) => response.statusCode)).not.toContain(200);
    const after = await readMe(app(), jar);
    expect(after.name).toBe(me.name);
  });
});
