import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { startIdentityTest, type IdentityTest } from '../../test/identity-app';
import en from '../mail/messages/en.json';
import fr from '../mail/messages/fr.json';

let identity: IdentityTest;

beforeAll(async () => {
  identity = await startIdentityTest();
});

afterAll(async () => {
  await identity?.close();
});

const app = () => identity.main.app;

function requestMagicLink(email: string, language?: string) {
  return app().inject({
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

async function magicLinkFor(email: string): Promise<string> {
  const mail = await identity.smtp.waitForMail(email, (m) => m.subject === en.magicLink.subject);
  const link = onlyLink(mail.links);
  expect(link).toMatch(
    /^http:\/\/localhost:3000\/api\/auth\/magic-link\/verify\?token=[A-Za-z0-9]+&callbackURL=%2Fitineraries$/,
  );
  return link;
}

describe('sign-in with an e-mail link', () => {
  it('signs an existing traveller in once; a second use fails without a session', async () => {
    const email = uniqueEmail('magic');
    const { me } = await createVerifiedUser(app(), identity.smtp, { email, name: 'Mago' });
    const requested = await requestMagicLink(email);
    expect(requested.statusCode).toBe(200);
    expect(requested.json()).toEqual({ status: true });

    const mail = await identity.smtp.waitForMail(email, (m) => m.subject === en.magicLink.subject);
    expect(mail.text).toContain('Mago');
    expect(mail.text).toContain(en.magicLink.expiry);
    const link = onlyLink(mail.links);

    const first = await followLink(app(), link);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('http://localhost:3000/itineraries');
    const jar = new CookieJar().store(first);
    expect(jar.has(SESSION_COOKIE)).toBe(true);
    const signedIn = await getMe(app(), jar);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ id: me.id, email, profileComplete: true });

    const second = await followLink(app(), link);
    expect(second.statusCode).toBe(302);
    expect(second.headers.location).toBe('http://localhost:3000/itineraries?error=INVALID_TOKEN');
    expect(setCookieHeaders(second)).toEqual([]);
  });

  it('creates an incomplete, verified account for an unknown address', async () => {
    const email = uniqueEmail('magic-new');
    const requested = await requestMagicLink(email);
    expect(requested.statusCode).toBe(200);
    expect(requested.json()).toEqual({ status: true });
    const link = await magicLinkFor(email);

    const followed = await followLink(app(), link);
    expect(followed.statusCode).toBe(302);
    const jar = new CookieJar().store(followed);
    const me = await getMe(app(), jar);
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

  it('answers an unknown and a known address alike', async () => {
    const known = uniqueEmail('magic-known');
    await createVerifiedUser(app(), identity.smtp, { email: known });
    const a = await requestMagicLink(known);
    const b = await requestMagicLink(uniqueEmail('magic-unknown'));
    expect(a.statusCode).toBe(b.statusCode);
    expect(a.body).toBe(b.body);
  });

  it("uses the visitor's language cookie for a new address", async () => {
    const email = uniqueEmail('magic-fr');
    const requested = await requestMagicLink(email, 'fr');
    expect(requested.statusCode).toBe(200);
    const mail = await identity.smtp.waitForMail(email);
    expect(mail.subject).toBe(fr.magicLink.subject);
    expect(mail.html).toContain('<html lang="fr" dir="ltr">');
  });

  it('a tampered link does not sign in', async () => {
    const email = uniqueEmail('magic-tamper');
    await requestMagicLink(email);
    const link = new URL(await magicLinkFor(email));
    link.searchParams.set('token', 'x'.repeat(32));
    const response = await followLink(app(), link.toString());
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('http://localhost:3000/itineraries?error=INVALID_TOKEN');
    expect(setCookieHeaders(response)).toEqual([]);
  });
});
