import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '../../db/client';
import { AppError, invalidField } from '../../lib/errors';
import { prependPreHandler } from '../../lib/route-hooks';
import {
  claimKey,
  completeKey,
  findKey,
  releaseKey,
  takeOverKey,
  type KeyRef,
} from './idempotency.repository';
import { decide, hashBody, isValidKey, type RequestFingerprint } from './idempotency-rules';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether a request is one the hook looks after: a JSON (or bodiless) write to /api. */
function applies(request: FastifyRequest): boolean {
  if (!WRITES.has(request.method)) return false;
  const path = request.url.split('?')[0] ?? '';
  // Sign-in is better-auth's; uploads stream their bytes (the body cannot be compared).
  if (!path.startsWith('/api/') || path.startsWith('/api/auth/')) return false;
  const type = request.headers['content-type'];
  return type === undefined || /^application\/json\b/i.test(type);
}

/**
 * Honours `Idempotency-Key` on every write under /api (one hook for all routes): the first
 * request with a key is handled and its answer stored; the same key with the same request
 * within 24 h gets that answer again (`Idempotent-Replayed: true`) without doing anything;
 * with another request it gets 422; while the first is still being handled, 409 with
 * Retry-After. Answers 5xx are not kept, so such a request may be sent again; nor is a claim
 * whose process died before answering, past its lease (CLAIM_LEASE_MS).
 */
export function idempotencyKeys(
  app: FastifyInstance,
  deps: { db: Db; userIdOf(request: FastifyRequest): Promise<string | null> },
): void {
  const claims = new WeakMap<FastifyRequest, KeyRef>();

  const claim: preHandlerAsyncHookHandler = async (request, reply) => {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined || !applies(request)) return;
    const key = Array.isArray(header) ? header.join(',') : header;
    if (!isValidKey(key)) {
      throw invalidField('Idempotency-Key', 'must be 1 to 200 visible ASCII characters');
    }
    // Anonymous writes are refused by their route (401): nothing to remember.
    const userId = await deps.userIdOf(request);
    if (!userId) return;
    const ref = { userId, key };
    const fingerprint: RequestFingerprint = {
      method: request.method,
      path: request.url,
      bodyHash: hashBody(request.body),
    };
    // Twice at most: a claim lost to an expired key is tried once more after forgetting it.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      if (await claimKey(deps.db, ref, fingerprint)) {
        claims.set(request, ref);
        return;
      }
      const stored = await findKey(deps.db, ref);
      if (!stored) continue; // Released in between: claim it now.
      const decision = decide(stored, fingerprint, Date.now());
      if (decision === 'expired') {
        await releaseKey(deps.db, ref);
        continue;
      }
      if (decision === 'abandoned' && (await takeOverKey(deps.db, ref, fingerprint))) {
        claims.set(request, ref);
        return;
      }
      if (decision === 'mismatch') {
        throw new AppError(
          'idempotency/key-reused',
          'This Idempotency-Key was already used for another request: use a new key for each change',
        );
      }
      if (decision === 'in-progress' || decision === 'abandoned' || stored.status === null) {
        throw new AppError(
          'idempotency/in-progress',
          'A request with this Idempotency-Key is still being handled: try again shortly',
          undefined,
          { retryAfterSeconds: 1 },
        );
      }
      reply.status(stored.status).header('idempotent-replayed', 'true');
      if (stored.contentType) reply.type(stored.contentType);
      return reply.send(stored.responseBody ?? undefined);
    }
    throw new AppError(
      'idempotency/in-progress',
      'A request with this Idempotency-Key is still being handled: try again shortly',
      undefined,
      { retryAfterSeconds: 1 },
    );
  };
  // Only the writes under /api run it, before their own handlers (a read pays nothing for it).
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/auth/')) return;
    if (![route.method].flat().some((method) => WRITES.has(method))) return;
    prependPreHandler(route, claim);
  });

  // Callbacks, not async hooks: most requests carry no key and pass straight through.
  const failed = (done: (error: Error) => void) => (error: unknown) =>
    done(error instanceof Error ? error : new Error(String(error)));
  app.addHook('onSend', (request, reply, payload, done) => {
    const ref = claims.get(request);
    if (!ref) {
      done(null, payload);
      return;
    }
    claims.delete(request);
    const storable = payload === null || payload === undefined || typeof payload === 'string';
    const type = reply.getHeader('content-type');
    const settled =
      reply.statusCode >= 500 || !storable
        ? releaseKey(deps.db, ref)
        : completeKey(deps.db, ref, {
            status: reply.statusCode,
            contentType: typeof type === 'string' ? type : null,
            body: typeof payload === 'string' ? payload : null,
          });
    settled.then(() => done(null, payload), failed(done));
  });

  // The answer never went out (the client left, the handler threw past onSend): forget it.
  app.addHook('onResponse', (request, _reply, done) => {
    const ref = claims.get(request);
    if (!ref) {
      done();
      return;
    }
    claims.delete(request);
    releaseKey(deps.db, ref).then(() => done(), failed(done));
  });
}
