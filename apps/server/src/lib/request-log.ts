import {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import pino from 'pino';

const INFO = pino.levels.values.info ?? 30;

/**
 * One JSON line per answered request (instead of Fastify's two): method, route pattern,
 * status, duration in ms and, when the caller is signed in, their user id; the request id is
 * the line's `reqId`, as on every line logged while handling it, and is answered in the
 * `x-request-id` header. The route pattern, never the address: an address carries ids and
 * tokens (`?share=…`, a reset link's path), a pattern does not.
 */
export function logRequests(
  app: FastifyInstance,
  userIdOf: (request: FastifyRequest) => string | undefined,
): void {
  app.addHook('onResponse', (request, reply, done) => {
    // The level is checked first: a server logging at warn builds nothing per request.
    if ((pino.levels.values[request.log.level] ?? Infinity) <= INFO) {
      request.log.info(
        {
          method: request.method,
          route: request.routeOptions.url ?? null,
          status: reply.statusCode,
          durationMs: Math.round(reply.elapsedTime * 10) / 10,
          userId: userIdOf(request),
        },
        'request',
      );
    }
    done();
  });
}

/**
 * Fastify's own request logging, less what the line above replaces: no "incoming request" and
 * "request completed" lines, no "route not found" line (it holds the raw address), and its
 * error lines without the request (whose serialised form is the raw address too).
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    _request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) reply.log.error({ err: error }, 'request errored');
  }

  override defaultErrorLog(error: Error, _request: FastifyRequest, reply: FastifyReply): void {
    if (reply.statusCode >= 500) reply.log.error({ err: error }, error.message);
    else reply.log.info({ err: error }, error.message);
  }

  override writeHeadError(error: Error, _request: FastifyRequest, reply: FastifyReply): void {
    reply.log.warn({ err: error }, error.message);
  }
}
