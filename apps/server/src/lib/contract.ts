import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { errorBodySchema } from '@jammy/shared/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';

/**
 * The API as a contract (issue 16): every operation describes each answer it gives, and in
 * test mode every answer is checked against that description.
 */

/** Statuses an operation may answer with the error body, besides the ones every route has. */
export type ErrorStatus =
  400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 416 | 422 | 429 | 503;

/** "No content": the body of a 204. */
export const noContent = z.null().describe('No content');

/** An answer that is not JSON (an event stream, a calendar file): its media type and body. */
export interface ContentAnswer {
  description: string;
  content: Record<string, { schema: z.ZodType }>;
}

/** Describes an answer of `mediaType` (e.g. `text/event-stream`, `text/calendar`). */
export function answerOf(mediaType: string, description: string): ContentAnswer {
  return { description, content: { [mediaType]: { schema: z.string() } } };
}

/**
 * A route's `schema.response`: its successful answers, and the error body under each error
 * status it can give. The statuses every route of a kind shares are added by
 * `describeStandardErrors`.
 */
export function replies<const T extends Record<number, z.ZodType | ContentAnswer>>(
  success: T,
  errors: readonly ErrorStatus[] = [],
): T & Record<ErrorStatus, typeof errorBodySchema> {
  const described: Record<number, z.ZodType | ContentAnswer> = { ...success };
  for (const status of errors) described[status] = errorBodySchema;
  return described as T & Record<ErrorStatus, typeof errorBodySchema>;
}

/**
 * Sends JSON text that is already serialised (the itinerary document PostgreSQL builds):
 * Fastify sends a string with a JSON content type as it is; test mode still checks it.
 */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json as never);
}

/** Who may call an operation, for the OpenAPI `security` of each one. */
export const PUBLIC: { security: never[] } = { security: [] };

/** The API, the storage protocol and the probes describe their answers; page routes do not. */
function isDescribed(url: string): boolean {
  return url.startsWith('/api/') || url.startsWith('/v0/') || /^\/(livez|readyz)(\?|$)/.test(url);
}

function hasInput(schema: RouteOptions['schema']): boolean {
  return Boolean(schema?.body || schema?.querystring || schema?.params);
}

/**
 * Adds the error answers every API route can give to each route's response schema as it is
 * registered: 400 when it takes input, 413 and 415 when it takes a body, 403 when it writes
 * (the origin check), 401 and 403 (an API token refused), 500 and 503 always.
 */
export function describeStandardErrors(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!isDescribed(route.url) || !route.schema || route.schema.hide) return;
    const response: Record<string | number, unknown> = {
      ...(route.schema.response as Record<string | number, unknown> | undefined),
    };
    if (hasInput(route.schema)) response[400] ??= errorBodySchema;
    // A personal API token is checked on every route (auth/token-scopes.ts): unknown, revoked
    // or expired, 401; beyond its scope, 403.
    response[401] ??= errorBodySchema;
    response[403] ??= errorBodySchema;
    if (route.schema.body) {
      response[413] ??= errorBodySchema;
      response[415] ??= errorBodySchema;
    }
    // A write carrying cookies from another site is refused (auth/origin-check.ts).
    const methods = [route.method].flat();
    if (methods.some((method) => !['GET', 'HEAD', 'OPTIONS'].includes(method))) {
      response[403] ??= errorBodySchema;
      // The Idempotency-Key of a write (modules/idempotency): malformed, still being
      // handled, or used before for another request.
      response[400] ??= errorBodySchema;
      response[409] ??= errorBodySchema;
      response[422] ??= errorBodySchema;
    }
    response[500] ??= errorBodySchema;
    response[503] ??= errorBodySchema;
    route.schema = { ...route.schema, response };
  });
}

/** What the test harness learns when an answer breaks its route's contract. */
export interface ContractViolation {
  route: string;
  status: number;
  problem: string;
}

const VIOLATIONS_KEY = Symbol.for('jammy.contractViolations');

/** The violations seen in this process (the integration tests' setup fails a test on any). */
export function contractViolations(): ContractViolation[] {
  const holder = globalThis as { [VIOLATIONS_KEY]?: ContractViolation[] };
  return (holder[VIOLATIONS_KEY] ??= []);
}

function responseSchemaOf(
  request: FastifyRequest,
  status: number,
): z.ZodType | ContentAnswer | undefined {
  const schemas = request.routeOptions.schema?.response as
    Record<string, z.ZodType | ContentAnswer | undefined> | undefined;
  return schemas?.[status] ?? schemas?.[`${Math.floor(status / 100)}xx`];
}

/** An answer's bytes as the client reads them (a cached document is sent compressed). */
function decoded(payload: string | Buffer, reply: FastifyReply): string | Buffer {
  const encoding = reply.getHeader('content-encoding');
  if (typeof payload === 'string' || !encoding) return payload;
  if (encoding === 'br') return brotliDecompressSync(payload);
  if (encoding === 'gzip') return gunzipSync(payload);
  return payload;
}

/**
 * Test mode: checks every answer of a described route against its schema for that status.
 * A status the route does not describe, or a body that does not match, is recorded and the
 * answer becomes a 500 naming the problem, so the test that caused it fails.
 */
export function validateResponses(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const schema = request.routeOptions.schema;
    if (!schema?.response || schema.hide || !isDescribed(request.url)) return payload;
    const status = reply.statusCode;
    const described = responseSchemaOf(request, status);
    let problem: string | undefined;
    if (!described) {
      problem = `status ${status} is not described`;
    } else if (status === 204 || status === 304 || status === 308 || request.method === 'HEAD') {
      problem = undefined;
    } else if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
      const type = String(reply.getHeader('content-type') ?? '');
      if (!(described instanceof z.ZodType)) {
        const declared = Object.keys(described.content);
        if (!declared.some((mediaType) => type.startsWith(mediaType))) {
          problem = `content type ${type} is not one of ${declared.join(', ')}`;
        }
      } else if (type.includes('json')) {
        const result = described.safeParse(JSON.parse(decoded(payload, reply).toString()));
        if (!result.success) problem = z.prettifyError(result.error);
      } else {
        problem = `content type ${type} is not JSON`;
      }
    }
    if (!problem) return payload;
    const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
    contractViolations().push({ route, status, problem });
    request.log.error({ route, status, problem }, 'answer does not match its schema');
    reply.status(500).header('content-type', 'application/json; charset=utf-8');
    return JSON.stringify({
      error: {
        code: 'internal',
        message: `The answer (${status}) of ${route} does not match its schema: ${problem}`,
      },
    });
  });
}
