import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import { JSON_BODY_LIMIT_BYTES } from '@jammy/shared/constants';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { uuidv7 } from 'uuidv7';
import type { Config } from './config';
import type { Database } from './db/client';
import { handleError } from './lib/errors';
import { healthRoutes } from './modules/health/health.routes';
import { spaRoutes } from './spa/spa.routes';

export interface AppDeps {
  config: Config;
  database: Database;
  logger: FastifyBaseLogger;
  /** Signs cookies; generated once per installation (see meta.repository). */
  sessionSecret: string;
  buildId: string;
}

const INCOMING_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The whole HTTP application, without listening: main.ts and the tests both build it. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    loggerInstance: deps.logger,
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    // Keep a proxy's request id when it is a plain token, so logs line up across hops.
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && INCOMING_REQUEST_ID.test(incoming)
        ? incoming
        : uuidv7();
    },
    return503OnClosing: true,
    // Errors raised before routing (an address with broken %-encoding) get the same answers.
    frameworkErrors: (error, request, reply) => {
      const page = request.method === 'GET' && !request.url.startsWith('/api');
      if (error.code === 'FST_ERR_BAD_URL' && page) return reply.callNotFound();
      return handleError(error, request, reply);
    },
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.setErrorHandler(handleError);

  const https = config.publicUrl?.protocol === 'https:';
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets style attributes at run time; scripts stay strict.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
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
  await app.register(fastifyCookie, { secret: deps.sessionSecret });

  healthRoutes(app, { pool: deps.database.pool, buildId: deps.buildId });
  await spaRoutes(app, { webDistDir: config.webDistDir });

  return app;
}
