import { describe, expect } from 'vitest';
import {
  CookieJar,
  SESSION_COOKIE,
  createVerifiedUser,
  followLink,
  getMe,
  nextIp,
  onlyLink,
  setCookieHeaders,
  uniqueEmail,
} from '../../test/auth-helpers';
import { serverTest } from '../../test/fixture';
import type { TestServer } from '../../test/server';
import enLocale from '@jammy/shared/locales/en.json';
import frLocale from '@jammy/shared/locales/fr.json';

const en = enLocale.mail;
const fr = frLocale.mail;

const test = serverTest();

function requestMagicLink(server: TestServer, email: string, language?: string) {
  return server.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/magic-link',
    remoteAddress: nextIp(),
    payload: { email, callbackURL: '/itineraries' },
    // The language cookie the web app sets for a visitor; a browser sends its origin with
    // it (a cookie-carrying request without one is refused as cross-site).
    headers: language
      ? { cookie: `i18n_redirected=${language}`, origin: 'http://localhost:3000' }
      : {},
  });
}

async function magicLinkFor(server: TestServer, email: string): Promise<string> {
  const mail = await server.smtp.waitForMail(email, (m) => m.subject === en.magicLink.subject);
  const link = onlyLink(mail.links);
  expect(link).toMatch(
    /^http:\/\/localhost:3000\/api\/auth\/magic-link\/verify\?token=[A-Za-z0-9]+&callbackURL=%2Fitineraries$/,
  );
  return link;
}

describe('sign-in with an e-mail link', () => {
  test('signs an existing traveller in once; a second use fails without a session', async ({
    server,
  }) => {
    const email = uniqueEmail('magic');
    const { me } = await createVerifiedUser(server.app, server.smtp, { email, name: 'Mago' });
    const requested = await requestMagicLink(server, email);
    expect(requested.statusCode).toBe(200);
    expect(requested.json()).toEqual({ status: true });

    const mail = await server.smtp.waitForMail(email, (m) => m.subject === en.magicLink.subject);
    expect(mail.text).toContain('Mago');
    expect(mail.text).toContain(en.magicLink.expiry);
    const link = onlyLink(mail.links);

    const first = await followLink(server.app, link);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('http://localhost:3000/itineraries');
    const jar = new CookieJar().store(first);
    expect(jar.has(SESSION_COOKIE)).toBe(true);
    const signedIn = await getMe(server.app, jar);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ id: me.id, email, profileComplete: true });

    const second = await followLink(server.app, link);
    expect(second.statusCode).toBe(302);
    expect(second.headers.location).toBe('http://localhost:3000/itineraries?error=INVALID_TOKEN');
    expect(setCookieHeaders(second)).toEqual([]);
  });

  test('creates an incomplete, verified account for an unknown address', async ({ server }) => {
    const email = uniqueEmail('magic-new');
    const requested = await requestMagicLink(server, email);
    expect(requested.statusCode).toBe(200);
    expect(requested.json()).toEqual({ status: true });
    const link = await magicLinkFor(server, email);

    const followed = await followLink(server.app, link);
    expect(followed.statusCode).toBe(302);
    const jar = new CookieJar().store(followed);
    const me = await getMe(server.app, jar);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email,
      name: '',
      emailVerified: true,
      termsAcceptedAt: null,
      profileComplete: false,
      role: 'user',
    });
  });

  test('answers an unknown and a known address alike', async ({ server }) => {
    const known = uniqueEmail('magic-known');
    await createVerifiedUser(server.app, server.smtp, { email: known });
    const a = await requestMagicLink(server, known);
    const b = await requestMagicLink(server, uniqueEmail('magic-unknown'));
    expect(a.statusCode).toBe(b.statusCode);
    expect(a.body).toBe(b.body);
  });

  test("uses the visitor's language cookie for a new address", async ({ server }) => {
    const email = uniqueEmail('magic-fr');
    const requested = await requestMagicLink(server, email, 'fr');
    expect(requested.statusCode).toBe(200);
    const mail = await server.smtp.waitForMail(email);
    expect(mail.subject).toBe(fr.magicLink.subject);
    expect(mail.html).toContain('<html lang="fr" dir="ltr">');
  });

  test('a tampered link does not sign in', async ({ server }) => {
    const email = uniqueEmail('magic-tamper');
    await requestMagicLink(server, email);
    const link = new URL(await magicLinkFor(server, email));
    link.searchParams.set('token', 'x'.repeat(32));
    const response = await followLink(server.app, link.toString());
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('http://localhost:3000/itineraries?error=INVALID_TOKEN');
    expect(setCookieHeaders(response)).toEqual([]);
  });
});
