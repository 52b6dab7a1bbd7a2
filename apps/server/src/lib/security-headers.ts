import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers Helmet sets for `options`, worked out once. Ours are the same for every request
 * (no nonce, no directive computed per request), and Helmet's Fastify plugin built its
 * middleware again for each request, parsing the content security policy every time: a
 * tenth of a cached read's time.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = [value].flat().join(', ');
    },
    // X-Powered-By, which Node never sets.
    removeHeader() {},
  };
  helmet(options)(
    {} as IncomingMessage,
    collector as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error instanceof Error ? error : new Error(String(error));
    },
  );
  return headers;
}

/**
 * The API's answers are data, never a page a browser shows: a policy that lets them load
 * nothing and be framed nowhere, and only the headers that guard data (no sniffing, no reading
 * from another site's page, HTTPS when the instance uses it). The headers only a document uses
 * (its referrer, its opener, its agent cluster, prefetching, IE's and Flash's switches) are
 * left out, and X-Frame-Options too, which frame-ancestors replaces in every browser that runs
 * Jammy's pages: they were about half the bytes of a small answer, each one written and then
 * read again by every client (decision 059).
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none';frame-ancestors 'none'";
const API_KEPT = [
  'x-content-type-options',
  'cross-origin-resource-policy',
  'strict-transport-security',
];

export function apiHeaders(documentHeaders: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': API_CONTENT_SECURITY_POLICY,
  };
  for (const name of API_KEPT) {
    const value = documentHeaders[name];
    if (value !== undefined) headers[name] = value;
  }
  return headers;
}

/** Whether a request's path is the API's (/api, /api/…, /api?…). */
const isApiPath = (url: string) =>
  url.startsWith('/api') && (url.length === 4 || url[4] === '/' || url[4] === '?');

/**
 * Sets the security headers on every answer as the request arrives (the API's own under /api):
 * a route that needs its own (a stored file's policy) sets it on the reply later, which wins.
 * They are the reply's headers, written once with the answer's own, rather than set one by one
 * on the response as Helmet does (each checked then, and again when the answer goes out).
 */
export function securityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const documents = helmetHeaders(options);
  const api = apiHeaders(documents);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiPath(request.url) ? api : documents);
    done();
  });
}
