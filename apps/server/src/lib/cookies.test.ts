import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCookies } from './cookies';

const app = Fastify();
let port = 0;
/** One connection for every request: the cookies are kept per connection. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

beforeAll(async () => {
  await registerCookies(app, 'a secret long enough to sign cookies');
  app.get('/cookies', (request) => ({ cookies: request.cookies, port: request.socket.remotePort }));
  app.get('/change', (request) => {
    try {
      (request.cookies as Record<string, string>).session = 'changed';
      return { changed: true };
    } catch {
      return { changed: false };
    }
  });
  app.get('/set', (_request, reply) => reply.setCookie('lang', 'fr', { path: '/' }).send('ok'));
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  agent.destroy();
  await app.close();
});

function get(path: string, cookie?: string) {
  return new Promise<{ body: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port, path, agent, headers: cookie ? { cookie } : {} },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ body, headers: response.headers }));
      },
    );
    request.on('error', reject);
  });
}

const cookiesOf = async (cookie?: string) =>
  JSON.parse((await get('/cookies', cookie)).body) as {
    cookies: Record<string, string>;
    port: number;
  };

describe('cookies', () => {
  it('are parsed and decoded, and each request on a connection gets those of its own header', async () => {
    const first = await cookiesOf('session=a.b%2Bc%3D; lang=it');
    expect(first.cookies).toEqual({ session: 'a.b+c=', lang: 'it' });
    expect(await cookiesOf('session=a.b%2Bc%3D; lang=it')).toEqual(first);
    const changed = await cookiesOf('session=other.sig; lang=it');
    // The same connection: what it kept for the earlier header is not what it answers now.
    expect(changed.port).toBe(first.port);
    expect(changed.cookies).toEqual({ session: 'other.sig', lang: 'it' });
    expect((await cookiesOf()).cookies).toEqual({});
    expect((await cookiesOf('lang=de')).cookies).toEqual({ lang: 'de' });
  });

  it('cannot be changed by one request for the next on its connection', async () => {
    await cookiesOf('session=kept.sig');
    expect(JSON.parse((await get('/change', 'session=kept.sig')).body)).toEqual({ changed: false });
    expect((await cookiesOf('session=kept.sig')).cookies).toEqual({ session: 'kept.sig' });
  });

  it('are still set on replies', async () => {
    const response = await get('/set', 'session=kept.sig');
    expect(response.headers['set-cookie']).toEqual(['lang=fr; Path=/; SameSite=Lax']);
  });
});
