import type { Socket } from 'node:net';
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';

type Cookies = Readonly<Record<string, string | undefined>>;

const NONE: Cookies = Object.freeze({});

/**
 * `request.cookies`, parsed once per connection and Cookie header: a browser's (and a load
 * generator's) connection sends the same header with request after request, and parsing it
 * again (splitting, then URL-decoding each value: the session cookie's signature is
 * %-encoded) was a twentieth of a cached read's own work (`npm run bench` under `--cpu-prof`).
 * The parsed cookies are kept with the connection, by the exact header they came from, and are
 * frozen: a request that tried to change them would throw rather than reach the next request.
 * Setting cookies on the reply is @fastify/cookie's, as before.
 */
export async function registerCookies(app: FastifyInstance, secret: string): Promise<void> {
  await app.register(fastifyCookie, { secret, hook: false });
  const parsed = new WeakMap<Socket, { header: string; cookies: Cookies }>();
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers.cookie;
    if (!header) {
      request.cookies = NONE;
      done();
      return;
    }
    const socket = request.raw.socket;
    const last = parsed.get(socket);
    if (last?.header === header) {
      request.cookies = last.cookies;
    } else {
      const cookies: Cookies = Object.freeze(app.parseCookie(header));
      parsed.set(socket, { header, cookies });
      request.cookies = cookies;
    }
    done();
  });
}
