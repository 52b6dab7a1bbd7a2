import type { FastifyInstance } from 'fastify';
import { describe, expect } from 'vitest';
import {
  CookieJar,
  createVerifiedUser,
  followLink,
  nextIp,
  onlyLink,
  readMe,
  signedInJar,
  uniqueEmail,
} from '../../../test/auth-helpers';
import { serverTest } from '../../../test/fixture';

const test = serverTest({ env: { ADMIN_EMAILS: ' First.Boss@Example.com , ' } });

function outbox(app: FastifyInstance, jar: CookieJar) {
  return app.inject({ method: 'GET', url: '/api/admin/outbox', headers: jar.headers() });
}

describe('roles from ADMIN_EMAILS', () => {
  test('an address in ADMIN_EMAILS is admin from sign-up (case and spaces aside)', async ({
    server,
  }) => {
    const { jar, me } = await createVerifiedUser(server.app, server.smtp, {
      email: 'first.boss@example.com',
    });
    expect(me.role).toBe('admin');
    expect((await outbox(server.app, jar)).statusCode).toBe(200);
  });

  test('an address typed in capitals at sign-up still matches', async ({ server }) => {
    const app = await server.another({ ADMIN_EMAILS: 'caps.boss@example.com' });
    const { me } = await createVerifiedUser(app.app, server.smtp, {
      email: 'Caps.Boss@EXAMPLE.com',
    });
    expect(me.email).toBe('caps.boss@example.com');
    expect(me.role).toBe('admin');
  });

  test('other addresses are users and get 403 from admin routes', async ({ server }) => {
    const { jar, me } = await createVerifiedUser(server.app, server.smtp, {
      email: uniqueEmail('plain'),
    });
    expect(me.role).toBe('user');
    expect((await outbox(server.app, jar)).statusCode).toBe(403);
  });

  test('someone who signed up before being listed becomes admin at the next sign-in', async ({
    server,
  }) => {
    const email = uniqueEmail('promoted');
    const { jar: before, me } = await createVerifiedUser(server.app, server.smtp, {
      email,
    });
    expect(me.role).toBe('user');

    const listed = await server.another({ ADMIN_EMAILS: `someone@example.com,${email}` });
    const after = await signedInJar(listed.app, email);
    expect((await readMe(listed.app, after)).role).toBe('admin');
    expect((await outbox(listed.app, after)).statusCode).toBe(200);
    // The role lives on the account: the older session is an admin's now too.
    expect((await readMe(listed.app, before)).role).toBe('admin');
  });

  test('an e-mail link sign-up of a listed address is admin', async ({ server }) => {
    const email = uniqueEmail('link-boss');
    const app = await server.another({ ADMIN_EMAILS: email });
    const requested = await app.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/magic-link',
      remoteAddress: nextIp(),
      payload: { email, callbackURL: '/itineraries' },
    });
    expect(requested.statusCode).toBe(200);
    const mail = await server.smtp.waitForMail(email);
    const followed = await followLink(app.app, onlyLink(mail.links));
    expect(followed.statusCode).toBe(302);
    expect((await readMe(app.app, new CookieJar().store(followed))).role).toBe('admin');
  });
});
