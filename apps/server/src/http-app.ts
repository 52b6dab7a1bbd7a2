import fastifyCompress from '@fastify/compress';
import { JSON_BODY_LIMIT_BYTES } from '@jammy/shared/constants';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyRequest,
} from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/client';
import { describeStandardErrors, validateResponses } from './lib/contract';
import { handleError } from './lib/error-handler';
import { conditionalGets } from './lib/http-cache';
import { registerCookies } from './lib/cookies';
import { closeIdleConnectionsOnClose } from './lib/idle-connections';
import { boundedJsonBodies } from './lib/json-body';
import { RequestLogController } from './lib/request-log';
import { requestId } from './lib/request-id';
import { requestLogger } from './lib/request-logger';
import { securityHeaders } from './lib/security-headers';
import { idempotencyKeys } from './modules/idempotency/idempotency.hook';
import type { Metrics } from './observability/metrics';

/** What every request goes through needs: the configuration, the logs, and who is asking. */
export interface HttpAppDeps {
  config: Config;
  logger: FastifyBaseLogger;
  db: Db;
  /** Signs cookies. */
  sessionSecret: string;
  metrics: Metrics | undefined;
  traceRequest: ((request: FastifyRequest) => void) | undefined;
  /** The signed-in caller's id, for their idempotency keys (the sessions are made later). */
  userIdOf: (request: FastifyRequest) => Promise<string | null>;
}

const INCOMING_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The CSP source of a tile URL template: its origin, with `{s}` subdomains as a wildcard. */
function tileSource(tileUrl: string): string {
  const origin = /^(https?:\/\/[^/]+)/.exec(tileUrl)?.[1] ?? "'self'";
  return origin.replace('{s}', '*');
}

/**
 * The Fastify instance and what every request goes through, in this order: its id, trace and
 * metrics, the draining of a closing server, errors, validation and answers, conditional GETs,
 * bounded JSON bodies, idempotency keys, security headers, compression and cookies. The
 * resources' routes are registered on it by buildApp (app.ts).
 */
export async function createHttpApp(deps: HttpAppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    loggerInstance: deps.logger,
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    // One line per request instead, by route pattern and without the address (request-log.ts).
    logController: new RequestLogController(),
    // Each request's logger is made when it first writes a line (request-logger.ts).
    childLoggerFactory: requestLogger,
    // Keep a proxy's request id when it is a plain token, so logs line up across hops.
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && INCOMING_REQUEST_ID.test(incoming)
        ? incoming
        : requestId();
    },
    // Draining, a request that still reaches the process (a proxy's connection opened before
    // it saw the process turn unready) is answered, then its connection closed: a 503 here
    // would reach the proxy's client, which a rolling restart must not fail (npm run test:fleet).
    // Event streams, which would outlive the drain, are refused while it runs (events.routes.ts).
    return503OnClosing: false,
    // Errors raised before routing (an address with broken %-encoding) get the same answers.
    frameworkErrors: (error, request, reply) => {
      const page = request.method === 'GET' && !/^\/(api|v0)(\/|\?|$)/.test(request.url);
      if (error.code === 'FST_ERR_BAD_URL' && page) return reply.callNotFound();
      return handleError(error, request, reply);
    },
  });

  // Hooks on every request take a callback: an async one costs a promise and a turn each.
  const { metrics, traceRequest } = deps;
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    traceRequest?.(request);
    done();
  });
  if (metrics) {
    app.addHook('onResponse', (request, reply, done) => {
      metrics.observeRequest(
        request.method,
        request.routeOptions.url,
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
      done();
    });
  }
  // Draining (SIGTERM): a request in flight is answered, then its keep-alive connection is
  // closed, so close() does not wait for idle connections to time out.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  closeIdleConnectionsOnClose(app);
  app.setErrorHandler(handleError);
  app.setValidatorCompiler(validatorCompiler);
  // Presenters build every answer field by field, so production only stringifies; the
  // shape is checked against the route's schema in test mode (lib/contract.ts).
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  describeStandardErrors(app);
  conditionalGets(app);
  if (config.env === 'test') validateResponses(app);
  boundedJsonBodies(app);
  // Before compression (its onSend must see the answer as text).
  idempotencyKeys(app, { db: deps.db, userIdOf: deps.userIdOf });

  const https = config.publicUrl?.protocol === 'https:';
  securityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets style attributes at run time; scripts stay strict.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Map tiles come from the configured tile server ({s} subdomains included); trip
        // covers may be any https image the traveller chose.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', tileSource(config.map.tileUrl)],
        fontSrc: ["'self'", 'data:'],
        // The offline worker fetches the map tiles it keeps (sw.js is governed by this policy).
        connectSrc: ["'self'", tileSource(config.map.tileUrl)],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  });
  await app.register(fastifyCompress, { threshold: 1024 });
  await registerCookies(app, deps.sessionSecret);

  return app;
}
