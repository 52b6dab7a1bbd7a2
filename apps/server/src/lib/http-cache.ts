import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/**
 * Conditional reads (issue 15): every JSON answer of a GET under /api carries an ETag and
 * `Cache-Control: private, no-cache`, so a browser keeps it and asks again with
 * If-None-Match; an unchanged answer is then a 304 without a body. An answer marked
 * `no-store` (the session, an account's own data) is kept by no one: it has no ETag. The web client needs
 * nothing of its own for this: fetch revalidates through the browser's HTTP cache.
 */

/**
 * An answer kept ready to send: its JSON text, its ETag, its UTF-8 bytes and its compressed
 * forms. The bytes are sent as they are: a string would be encoded again for every answer.
 */
export interface EncodedDocument {
  json: string;
  etag: string;
  encoded(encoding: 'br' | 'gzip' | 'identity'): Buffer;
}

/** The ETag of a JSON text: a digest of its bytes (weak: gzip and Brotli forms share it). */
export function etagOf(json: string): string {
  return `W/"${createHash('sha1').update(json).digest('base64url')}"`;
}

/** Brotli level 5: a 57 KB document in about a millisecond, within a few % of level 11. */
const BROTLI_OPTIONS = {
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 5,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  },
};

/**
 * An answer to keep and send again; `grew` is called when a compressed form is made (it counts
 * in `bytes()`). Its UTF-8 bytes are made at once: every answer without compression sends them.
 */
export function encodeDocument(
  json: string,
  etag = etagOf(json),
  grew?: () => void,
): EncodedDocument & { bytes(): number } {
  const identity = Buffer.from(json);
  let br: Buffer | undefined;
  let gzip: Buffer | undefined;
  return {
    json,
    etag,
    encoded(encoding) {
      if (encoding === 'identity') return identity;
      if (encoding === 'br') {
        if (!br) {
          br = brotliCompressSync(identity, BROTLI_OPTIONS);
          grew?.();
        }
        return br;
      }
      if (!gzip) {
        gzip = gzipSync(identity, { level: 6 });
        grew?.();
      }
      return gzip;
    },
    // The text and its bytes: a document without compressed forms holds the JSON twice.
    bytes: () => 2 * identity.length + (br?.length ?? 0) + (gzip?.length ?? 0),
  };
}

/** The body of a 304: nothing, the client's copy is current. */
export const notModified = z
  .null()
  .describe('Not modified: the copy the client holds (If-None-Match) is current');

/** Whether an If-None-Match header names `etag` (weak comparison, RFC 9110 §13.1.2). */
export function matchesEtag(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const bare = etag.replace(/^W\//, '');
  return [header]
    .flat()
    .flatMap((value) => value.split(','))
    .some((candidate) => {
      const tag = candidate.trim();
      return tag === '*' || tag.replace(/^W\//, '') === bare;
    });
}

/** Accept-Encoding values seen lately and their answers: browsers send a handful of them. */
const preferred = new Map<string, 'br' | 'gzip' | undefined>();
const PREFERRED_REMEMBERED = 64;

/** The compression the client prefers among the two a cached document has (none: identity). */
export function preferredEncoding(
  header: string | string[] | undefined,
): 'br' | 'gzip' | undefined {
  if (header === undefined || header === '') return undefined;
  const value = typeof header === 'string' ? header : header.join(',');
  if (preferred.has(value)) return preferred.get(value);
  const accepted = new Map<string, number>();
  for (const part of value.split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let quality = 1;
    for (const parameter of parameters) {
      const match = /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(parameter);
      if (match) quality = Number(match[1]);
    }
    accepted.set(name, quality);
  }
  const quality = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  const br = quality('br');
  const gzip = quality('gzip');
  const answer = br > 0 && br >= gzip ? 'br' : gzip > 0 ? 'gzip' : undefined;
  if (preferred.size >= PREFERRED_REMEMBERED) preferred.clear();
  preferred.set(value, answer);
  return answer;
}

/** Below this, compressing costs more than it saves (as @fastify/compress's threshold). */
const COMPRESS_FROM_BYTES = 1024;

/** How a kept answer may be cached, and what else it varies by (the session check: Cookie). */
export interface CachingHeaders {
  cacheControl: string;
  vary: string;
}

const REVALIDATED: CachingHeaders = { cacheControl: 'private, no-cache', vary: 'Accept-Encoding' };
/** The Cache-Control of an answer no cache may keep (a session, an account's secrets). */
const NOT_KEPT = 'no-store';

/** Sends a cached document: 304 when the client has it, else its stored compressed form. */
export function sendDocument(
  request: FastifyRequest,
  reply: FastifyReply,
  document: EncodedDocument,
  caching: CachingHeaders = REVALIDATED,
): FastifyReply {
  reply.header('cache-control', caching.cacheControl).header('vary', caching.vary);
  // An answer the client may not keep is never asked for again: no ETag, no 304.
  if (caching.cacheControl !== NOT_KEPT) {
    reply.header('etag', document.etag);
    if (matchesEtag(request.headers['if-none-match'], document.etag)) {
      return reply.code(304).send();
    }
  }
  reply.type('application/json; charset=utf-8');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding && document.json.length >= COMPRESS_FROM_BYTES) {
    return reply.header('content-encoding', encoding).send(document.encoded(encoding));
  }
  return reply.send(document.encoded('identity'));
}

function answersJson(schema: unknown): boolean {
  return schema instanceof z.ZodType;
}

/**
 * Registers the 304 answer of every JSON GET route under /api (must run before the routes
 * are added) and the hook that tags their answers and answers 304 to a current copy.
 */
export function conditionalGets(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!route.url.startsWith('/api/') || !route.schema?.response || route.schema.hide) return;
    if (!methods.includes('GET')) return;
    const response = route.schema.response as Record<string | number, unknown>;
    if (!answersJson(response[200])) return;
    route.schema = { ...route.schema, response: { ...response, 304: notModified } };
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    done(null, tagged(request, reply, payload));
  });
}

/** A GET's JSON answer with its ETag; empty, as a 304, when the client's copy is current. */
function tagged(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
  if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
  const response = request.routeOptions.schema?.response as
    Record<string | number, unknown> | undefined;
  if (!response?.[304] || !request.url.startsWith('/api/')) return payload;
  if (reply.getHeader('cache-control') === NOT_KEPT) return payload;
  let etag = reply.getHeader('etag');
  if (typeof etag !== 'string') {
    etag = etagOf(payload);
    reply.header('etag', etag);
  }
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-cache');
  if (!matchesEtag(request.headers['if-none-match'], etag)) return payload;
  reply.code(304).removeHeader('content-type').removeHeader('content-length');
  return '';
}
