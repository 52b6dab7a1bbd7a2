import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/** Deepest nesting of arrays and objects a JSON body may have (no form of ours needs 10). */
export const MAX_JSON_DEPTH = 32;

/**
 * How deeply `text` nests arrays and objects, counted without parsing it, stopping as soon
 * as `limit` is passed: a hostile body never reaches a parser or a validator's recursion.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c)
        index += 1; // a backslash escapes the next character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x5b || char === 0x7b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (char === 0x5d || char === 0x7d) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * JSON bodies, for every route (better-auth's included): bounded in size by Fastify's
 * `bodyLimit`, then in depth, before Fastify's own parser (which refuses `__proto__`) runs.
 */
export function boundedJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
      done(
        new AppError(
          'request/invalid',
          `The request body nests deeper than ${MAX_JSON_DEPTH} levels`,
        ),
        undefined,
      );
      return;
    }
    parse(request, text, done);
  });
}
