import type { Me } from '@jammy/shared/account';
import { afterAll, describe, expect } from 'vitest';
import {
  CookieJar,
  SESSION_COOKIE,
  nextIp,
  onlyLink,
  parseSetCookie,
  setCookieHeaders,
  signUp,
  uniqueEmail,
} from '../../test/auth-helpers';
import { newOidcBrowser, oidcSignIn } from '../../test/oidc-flow';
import { startOidcProvider, type TestOidcProvider } from '../../test/oidc-provider';
import { freePort } from '../../test/ports';
import { serverTest } from '../../test/fixture';
import type { TestServer } from '../../test/server';
import type { TestApp } from '../../test/test-app';

const ADMIN = 'oidc-boss@example.com';
const ADMIN_UNVERIFIED = 'oidc-boss-unverified@example.com';

/** An app listening on a real port, with PUBLIC_URL at that address, using `provider`. */
interface ListeningApp {
  url: string;
  testApp: TestApp;
  provider: TestOidcProvider;
}

const started: TestOidcProvider[] = [];

/** A provider for an app that will listen at `url` (closed after the file). */
async function providerFor(
  url: string,
  tokenEndpointAuthMethod: 'client_secret_basic' | 'client_secret_post',
): Promise<TestOidcProvider> {
  const provider = await startOidcProvider({
    redirectUris: [`${url}/api/auth/callback/oidc`],
    account: { sub: 'initial', email: uniqueEmail('initial'), emailVerified: true, name: 'I' },
    tokenEndpointAuthMethod,
  });
  started.push(provider);
  return provider;
}

/** The app's environment: PUBLIC_URL at the address it listens on, signing in with `provider`. */
function oidcEnv(url: string, provider: TestOidcProvider): Record<string, string> {
  return {
    PUBLIC_URL: url,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_NAME: 'Test SSO',
    // The flows come from 127.0.0.1; oidc-flow.ts sends each browser's own address.
    TRUST_PROXY: 'true',
    ADMIN_EMAILS: `${ADMIN},${ADMIN_UNVERIFIED}`,
  };
}

let main: ListeningApp;
let mainPort: number;
let mainProvider: TestOidcProvider;

// The file's app listens on a port chosen first, as PUBLIC_URL and the provider need it.
const test = serverTest(async () => {
  mainPort = await freePort();
  const url = `http://127.0.0.1:${mainPort}`;
  mainProvider = await providerFor(url, 'client_secret_basic');
  return { env: oidcEnv(url, mainProvider) };
});

test.beforeAll(async ({ server }) => {
  await server.app.listen({ port: mainPort, host: '127.0.0.1' });
  main = { url: server.origin, testApp: server, provider: mainProvider };
});

afterAll(async () => {
  for (const provider of started) await provider.close();
});

/** Another app on the file's database, listening, with a provider of its own. */
async function startListeningApp(
  server: TestServer,
  tokenEndpointAuthMethod: 'client_secret_basic' | 'client_secret_post',
): Promise<ListeningApp> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const provider = await providerFor(url, tokenEndpointAuthMethod);
  const testApp = await server.another(oidcEnv(url, provider));
  await testApp.app.listen({ port, host: '127.0.0.1' });
  return { url, testApp, provider };
}

let subjectCounter = 0;

/** A fresh identity at the provider; it logs in next. */
function person(overrides: Partial<{ email: string; emailVerified: boolean; name: string }> = {}) {
  subjectCounter += 1;
  const account = {
    sub: `subject-${subjectCounter}`,
    email: overrides.email ?? uniqueEmail('federated'),
    emailVerified: overrides.emailVerified ?? true,
    name: overrides.name ?? 'Federica Rossi',
  };
  main.provider.setAccount(account);
  return account;
}

async function meWith(app: ListeningApp, jar: CookieJar) {
  return app.testApp.app.inject({ method: 'GET', url: '/api/me', headers: jar.headers() });
}

/** Signs in through the provider with a fresh browser; returns the app's cookie jar. */
async function federatedSignIn(app: ListeningApp = main) {
  const browser = newOidcBrowser();
  const result = await oidcSignIn(app.url, browser);
  browser.app.store(result.callback);
  return { ...result, jar: browser.app };
}

describe('sign-in with the OpenID provider (authorization code + PKCE)', () => {
  test('advertises the provider in GET /api/sign-in-methods', async () => {
    const response = await main.testApp.app.inject({ method: 'GET', url: '/api/sign-in-methods' });
    expect(response.json()).toMatchObject({ oidc: { name: 'Test SSO' } });
  });

  test('better-auth 1.7 starts it at /sign-in/social; there is no /sign-in/oauth2', async () => {
    const response = await main.testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/oauth2',
      remoteAddress: nextIp(),
      payload: { providerId: 'oidc', callbackURL: '/itineraries' },
    });
    expect(response.statusCode).toBe(404);
  });

  test('asks for openid email profile with PKCE S256, redirecting to /api/auth/callback/oidc', async () => {
    const response = await main.testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      remoteAddress: nextIp(),
      payload: { provider: 'oidc', callbackURL: '/itineraries' },
    });
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json<{ url: string }>().url);
    expect(url.origin).toBe(main.provider.issuer);
    expect(url.searchParams.get('client_id')).toBe(main.provider.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(`${main.url}/api/auth/callback/oidc`);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')?.split(' ').sort()).toEqual([
      'email',
      'openid',
      'profile',
    ]);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
  });

  test('the first sign-in creates an incomplete, verified profile and a session', async () => {
    const account = person({ name: 'Federica Rossi' });
    const { callback, location, jar } = await federatedSignIn();
    expect(callback.status).toBe(302);
    expect(new URL(location, main.url).toString()).toBe(`${main.url}/itineraries`);
    const session = setCookieHeaders(callback)
      .map(parseSetCookie)
      .find((cookie) => cookie.name === SESSION_COOKIE);
    expect(session?.attributes.has('httponly')).toBe(true);
    expect(session?.attributes.get('samesite')).toBe('Lax');

    const me = await meWith(main, jar);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: account.email,
      name: 'Federica Rossi',
      emailVerified: true,
      role: 'user',
      termsAcceptedAt: null,
      profileComplete: false,
    });
    // Over the real network too.
    const overHttp = await fetch(`${main.url}/api/me`, { headers: jar.headers() });
    expect(overHttp.status).toBe(200);
    expect(main.provider.errors).toEqual([]);
  });

  test('a second sign-in reuses the same user; accepting the terms completes the profile', async () => {
    person();
    const first = await federatedSignIn();
    const firstMe = (await meWith(main, first.jar)).json<Me>();

    const second = await federatedSignIn();
    const secondMe = (await meWith(main, second.jar)).json<Me>();
    expect(secondMe.id).toBe(firstMe.id);
    expect(second.jar.get(SESSION_COOKIE)).not.toBe(first.jar.get(SESSION_COOKIE));

    const accepted = await main.testApp.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { ...second.jar.headers(), origin: main.url },
      payload: { acceptTerms: true },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json<Me>().profileComplete).toBe(true);

    const exported = await main.testApp.app.inject({
      method: 'GET',
      url: '/api/me/export',
      headers: second.jar.headers(),
    });
    const body = exported.json<{ signInMethods: { providerId: string }[] }>();
    expect(body.signInMethods.map((method) => method.providerId)).toEqual(['oidc']);
    // The provider's tokens stay on the server.
    expect(exported.body).not.toMatch(/"(accessToken|refreshToken|idToken)"/);
  });

  test('a new account goes to newUserCallbackURL, a known one to callbackURL', async () => {
    person();
    const body = {
      provider: 'oidc',
      callbackURL: '/itineraries',
      newUserCallbackURL: '/finish-register',
      errorCallbackURL: '/login/start',
    };
    const first = await oidcSignIn(main.url, newOidcBrowser(), body);
    expect(new URL(first.location, main.url).pathname).toBe('/finish-register');
    const second = await oidcSignIn(main.url, newOidcBrowser(), body);
    expect(new URL(second.location, main.url).pathname).toBe('/itineraries');
  });

  test('a callback with a forged state signs nobody in', async () => {
    const response = await fetch(`${main.url}/api/auth/callback/oidc?code=forged&state=forged`, {
      redirect: 'manual',
      headers: { 'x-forwarded-for': nextIp() },
    });
    expect(response.status).toBe(302);
    // Jammy's sign-in page, which explains the error (onAPIError.errorURL).
    expect(response.headers.get('location')).toBe(`${main.url}/login/start?error=state_mismatch`);
    expect(response.headers.getSetCookie().filter((c) => c.startsWith(SESSION_COOKIE))).toEqual([]);
  });

  test('a verified address of an existing password account signs in to that account', async ({
    server,
  }) => {
    const email = uniqueEmail('linked');
    expect((await signUp(main.testApp.app, { email, name: 'Lina' })).statusCode).toBe(200);
    const link = onlyLink((await server.smtp.waitForMail(email)).links);
    expect(link.startsWith(`${main.url}/api/auth/verify-email?`)).toBe(true);
    const verified = await fetch(link, { redirect: 'manual' });
    expect(verified.status).toBe(302);
    const passwordMe = (await meWith(main, new CookieJar().store(verified))).json<Me>();

    person({ email, name: 'Lina From SSO' });
    const { jar } = await federatedSignIn();
    const federatedMe = (await meWith(main, jar)).json<Me>();
    expect(federatedMe.id).toBe(passwordMe.id);
    expect(federatedMe.profileComplete).toBe(true);
  });

  test('ADMIN_EMAILS applies to a federated sign-up with a verified address', async () => {
    person({ email: ADMIN });
    const { jar } = await federatedSignIn();
    expect((await meWith(main, jar)).json<Me>().role).toBe('admin');
  });

  // Many providers let users type any address: linking by an address the provider does not
  // vouch for would let anyone sign in as its owner.
  test('an unverified address does not sign in to the existing account of that address', async ({
    server,
  }) => {
    const email = uniqueEmail('victim');
    expect((await signUp(main.testApp.app, { email, name: 'Victim' })).statusCode).toBe(200);
    const verified = await fetch(onlyLink((await server.smtp.waitForMail(email)).links), {
      redirect: 'manual',
    });
    const victim = (await meWith(main, new CookieJar().store(verified))).json<Me>();

    person({ email, emailVerified: false, name: 'Attacker' });
    const { jar } = await federatedSignIn();
    const me = await meWith(main, jar);
    const signedInAs = me.statusCode === 200 ? me.json<Me>().id : null;
    expect(signedInAs).not.toBe(victim.id);
  });

  // ADMIN_EMAILS grants the role to the owner of an address, which an unverified one does
  // not show.
  test('an unverified federated address in ADMIN_EMAILS does not become admin', async () => {
    person({ email: ADMIN_UNVERIFIED, emailVerified: false, name: 'Pretender' });
    const { jar } = await federatedSignIn();
    const me = await meWith(main, jar);
    const role = me.statusCode === 200 ? me.json<Me>().role : null;
    expect(role).not.toBe('admin');
  });

  test('works with a client registered for client_secret_post too', async ({ server }) => {
    const post = await startListeningApp(server, 'client_secret_post');
    post.provider.setAccount({
      sub: 'post-user',
      email: uniqueEmail('post'),
      emailVerified: true,
      name: 'Posta',
    });
    const browser = newOidcBrowser();
    const { callback, location } = await oidcSignIn(post.url, browser);
    browser.app.store(callback);
    expect(location).toBe('/itineraries');
    expect((await meWith(post, browser.app)).statusCode).toBe(200);
  });
});
