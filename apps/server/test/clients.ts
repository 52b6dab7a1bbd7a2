import type { HTTPMethods, LightMyRequestResponse } from 'fastify';
import type { CookieJar } from './auth-helpers';
import type { TestApp } from './test-app';

/** A verified traveller with a session. */
export interface SignedInUser {
  id: string;
  email: string;
  jar: CookieJar;
  /** The Cookie request header carrying the session. */
  cookie: string;
}

export interface CallOptions {
  /** A JSON body (an object), or raw bytes with their content-type in `headers`. */
  payload?: object;
  headers?: Record<string, string>;
  /** The client's address (rate limits count per address). */
  remoteAddress?: string;
}

/**
 * An /api request as `user` (anonymous when null), from the app's own origin so that the
 * cross-site request check lets writes through.
 */
export async function call(
  testApp: TestApp,
  user: SignedInUser | null,
  method: HTTPMethods,
  url: string,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  // Awaited here: inject's chain only starts when awaited, and callers may start several at once.
  return await testApp.app.inject({
    method,
    url,
    headers: {
      ...(user ? { cookie: user.cookie } : {}),
      origin: testApp.config.baseUrl.origin,
      ...options.headers,
    },
    ...(options.remoteAddress === undefined ? {} : { remoteAddress: options.remoteAddress }),
    ...(options.payload === undefined ? {} : { payload: options.payload }),
  });
}

/**
 * `call` on the app a file's set-up makes in `test.beforeAll`, after the module's bindings are
 * read: `export const as = callsTo(() => testApp)`, then `as(user, 'GET', url)`.
 */
export function callsTo(testApp: () => TestApp) {
  return (user: SignedInUser | null, method: HTTPMethods, url: string, options?: CallOptions) =>
    call(testApp(), user, method, url, options);
}

/** Someone calling the app: a signed-in account, or nobody (`account` null). */
export interface Client {
  account: SignedInUser | null;
  request(method: HTTPMethods, url: string, options?: CallOptions): Promise<LightMyRequestResponse>;
  get(url: string, options?: CallOptions): Promise<LightMyRequestResponse>;
  delete(url: string, options?: CallOptions): Promise<LightMyRequestResponse>;
  post(url: string, payload?: object, options?: CallOptions): Promise<LightMyRequestResponse>;
  put(url: string, payload?: object, options?: CallOptions): Promise<LightMyRequestResponse>;
  patch(url: string, payload?: object, options?: CallOptions): Promise<LightMyRequestResponse>;
}

/** A client of `testApp` calling as `account`. */
export function clientOf(testApp: TestApp, account: SignedInUser | null): Client {
  const request = (method: HTTPMethods, url: string, options?: CallOptions) =>
    call(testApp, account, method, url, options);
  const withBody =
    (method: HTTPMethods) =>
    (url: string, payload?: object, options: CallOptions = {}) =>
      request(method, url, payload === undefined ? options : { ...options, payload });
  return {
    account,
    request,
    get: (url, options) => request('GET', url, options),
    delete: (url, options) => request('DELETE', url, options),
    post: withBody('POST'),
    put: withBody('PUT'),
    patch: withBody('PATCH'),
  };
}

/** A signed-in traveller who can also make requests of their own. */
export type Traveller = SignedInUser &
  Client & {
    account: SignedInUser;
    /** Their Cookie header and the app's origin, for a request built by hand. */
    headers(): Record<string, string>;
  };

export function travellerOf(testApp: TestApp, account: SignedInUser): Traveller {
  return {
    ...account,
    ...clientOf(testApp, account),
    account,
    headers: () => ({ cookie: account.cookie, origin: testApp.config.baseUrl.origin }),
  };
}
