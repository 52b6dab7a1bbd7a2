import type { Me } from '@jammy/shared/account';
import { describe, expect } from 'vitest';
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
import { serverTest } from '../../test/fixture';
import type { TestServer } from '../../test/server';

const test = serverTest();

function updateUser(server: TestServer, jar: CookieJar, payload: Record<string, unknown>) {
  return server.app.inject({
    method: 'POST',
    url: '/api/auth/update-user',
    remoteAddress: nextIp(),
    headers: { ...jar.headers(), origin: server.origin },
    payload,
  });
}

async function newUser(server: TestServer): Promise<{ jar: CookieJar; me: Me }> {
  return createVerifiedUser(server.app, server.smtp, {
    email: uniqueEmail('fields'),
    name: 'Fiona',
  });
}

describe('fields a traveller cannot set through better-auth', () => {
  test('sign-up ignores role: admin', async ({ server }) => {
    const email = uniqueEmail('escalate');
    const response = await server.app.inject({
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
    const mail = await server.smtp.waitForMail(email);
    const verified = await followLink(server.app, onlyLink(mail.links));
    expect(verified.statusCode).toBe(302);
    expect((await readMe(server.app, new CookieJar().store(verified))).role).toBe('user');
  });

  test("better-auth's update-user is switched off: role, terms, version never change there", async ({
    server,
  }) => {
    const { jar, me } = await newUser(server);
    for (const payload of [
      { role: 'admin' },
      { termsAcceptedAt: null },
      { version: 99 },
      { emailVerified: false },
      { homePlace: 'Nowhere' },
    ]) {
      expect((await updateUser(server, jar, payload)).statusCode).toBe(404);
    }
    expect(await readMe(server.app, jar)).toEqual(me);
  });

  // Sign-up takes the visitor's language: only one Jammy speaks.
  test('sign-up refuses a language Jammy does not have', async ({ server }) => {
    const response = await signUp(server.app, { email: uniqueEmail('zz'), language: 'zz' });
    expect(response.statusCode).toBe(400);
  });

  // PATCH /api/me is the one way to edit the profile (trimmed, 1–80 characters, versioned).
  test('update-user cannot bypass the rules of PATCH /api/me', async ({ server }) => {
    const { jar, me } = await newUser(server);
    const responses = [
      await updateUser(server, jar, { name: 'x'.repeat(500) }),
      await updateUser(server, jar, { name: '' }),
      await updateUser(server, jar, { language: 'zz' }),
    ];
    expect(responses.map((response) => response.statusCode)).not.toContain(200);
    const after = await readMe(server.app, jar);
    expect(after.name).toBe(me.name);
  });
});
