import { CookieJar, nextIp } from './auth-helpers';

/** The browser's cookie jars during a federated sign-in: one per origin. */
export interface OidcBrowser {
  app: CookieJar;
  provider: CookieJar;
  /**
   * Sent to the app as X-Forwarded-For (the app must run with TRUST_PROXY=true), so that
   * its rate limits see one address per browser although every request comes from 127.0.0.1.
   */
  clientIp: string;
}

export function newOidcBrowser(clientIp = nextIp()): OidcBrowser {
  return { app: new CookieJar(), provider: new CookieJar(), clientIp };
}

export interface OidcSignInResult {
  /** The answer of the app's callback (/api/auth/callback/oidc): its cookies sign in. */
  callback: Response;
  /** Where the callback finally sends the browser. */
  location: string;
  /** Every URL the browser visited, in order. */
  visited: string[];
}

/**
 * Drives the authorization-code flow as a browser would, with fetch and manual redirects:
 * POST /api/auth/sign-in/social on the app, the provider's authorization endpoint and its
 * interaction steps, then the app's callback. Cookies are kept per origin.
 */
export async function oidcSignIn(
  appUrl: string,
  browser: OidcBrowser,
  body: Record<string, unknown> = { provider: 'oidc', callbackURL: '/itineraries' },
): Promise<OidcSignInResult> {
  const appOrigin = new URL(appUrl).origin;
  const start = await fetch(new URL('/api/auth/sign-in/social', appUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/json',
      origin: appOrigin,
      'x-forwarded-for': browser.clientIp,
      ...browser.app.headers(),
    },
    body: JSON.stringify(body),
  });
  browser.app.store(start);
  if (start.status !== 200) {
    throw new Error(`sign-in/social answered ${start.status}: ${await start.text()}`);
  }
  const { url } = (await start.json()) as { url: string };
  const visited: string[] = [];
  let next = new URL(url);
  for (let hop = 0; hop < 20; hop += 1) {
    visited.push(next.toString());
    const onApp = next.origin === appOrigin;
    const jar = onApp ? browser.app : browser.provider;
    const headers = onApp
      ? { ...jar.headers(), 'x-forwarded-for': browser.clientIp }
      : jar.headers();
    const response = await fetch(next, { redirect: 'manual', headers });
    jar.store(response);
    const location = response.headers.get('location');
    if (onApp && next.pathname.startsWith('/api/auth/callback/')) {
      return { callback: response, location: location ?? '', visited };
    }
    if (response.status < 300 || response.status >= 400 || !location) {
      throw new Error(
        `${next} answered ${response.status} (${await response.text()}) after ${visited.join(' → ')}`,
      );
    }
    next = new URL(location, next);
  }
  throw new Error(`too many redirects: ${visited.join(' → ')}`);
}
