import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CLIENT_IP_HEADER, type Auth } from './auth';
import { checkAuthInput } from './auth-input';

/**
 * Hands /api/auth/* to better-auth: the Fastify request becomes a web Request and the
 * answer is copied back. Its rate limits key on the client address Fastify worked out
 * (TRUST_PROXY decides whether X-Forwarded-For counts), passed in a header of our own.
 */
export function authRoutes(app: FastifyInstance, auth: Auth) {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    // better-auth's own API, with its own error body: not part of our OpenAPI document (its
    // routes are fuzzed from better-auth's list, see the fuzz suite).
    schema: { hide: true },
    preHandler: checkAuthInput,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const url = new URL(request.url, auth.options.baseURL);
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (value === undefined || name === CLIENT_IP_HEADER) continue;
        headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      headers.set(CLIENT_IP_HEADER, request.ip);
      const hasBody = request.method !== 'GET' && request.body !== undefined;
      const response = await auth.handler(
        new Request(url, {
          method: request.method,
          headers,
          ...(hasBody ? { body: JSON.stringify(request.body) } : {}),
        }),
      );
      reply.status(response.status);
      for (const [name, value] of response.headers) {
        if (name === 'set-cookie') continue;
        reply.header(name, value);
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      // better-auth says when to retry in its own header; clients read the standard one.
      const retryAfter = response.headers.get('x-retry-after');
      if (response.status === 429 && retryAfter) reply.header('retry-after', retryAfter);
      reply.header('cache-control', 'no-store');
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });
}
