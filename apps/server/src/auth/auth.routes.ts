import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CLIENT_IP_HEADER, REQUEST_ORIGIN_HEADER, type Auth } from './auth';
import { checkAuthInput } from './auth-input';
import { requestOrigin } from './origin-check';
import type { TrustedOrigins } from './trusted-origins';

/** Headers only the server sets: a client's own are dropped. */
const OUR_HEADERS = new Set([CLIENT_IP_HEADER, REQUEST_ORIGIN_HEADER]);

/**
 * Hands /api/auth/* to better-auth: the Fastify request becomes a web Request and the
 * answer is copied back. Its rate limits key on the client address Fastify worked out
 * (TRUST_PROXY decides whether X-Forwarded-For counts), and its origin checks take the
 * request's own origin when it is trusted (trusted-origins.ts), both passed in headers of our
 * own. A refused origin is told what to open or what to set, not only "Invalid origin".
 */
export function authRoutes(app: FastifyInstance, auth: Auth, origins: TrustedOrigins) {
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
        if (value === undefined || OUR_HEADERS.has(name)) continue;
        headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      headers.set(CLIENT_IP_HEADER, request.ip);
      const ownOrigin = origins.requestOrigin(request);
      if (ownOrigin) headers.set(REQUEST_ORIGIN_HEADER, ownOrigin);
      const hasBody = request.method !== 'GET' && request.body !== undefined;
      const response = await auth.handler(
        new Request(url, {
          method: request.method,
          headers,
          ...(hasBody ? { body: JSON.stringify(request.body) } : {}),
        }),
      );
      if (response.status === 403) {
        const refusal = await originRefusal(response.clone(), request, origins);
        if (refusal) return reply.status(403).header('cache-control', 'no-store').send(refusal);
      }
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

/** better-auth's "Invalid origin" answer, as what the refused origin is told; else undefined. */
async function originRefusal(response: Response, request: FastifyRequest, origins: TrustedOrigins) {
  const body: unknown = await response.json().catch(() => null);
  if (typeof body !== 'object' || body === null || !('code' in body)) return undefined;
  if (body.code !== 'INVALID_ORIGIN') return undefined;
  return origins.refusal(requestOrigin(request) ?? 'null');
}
