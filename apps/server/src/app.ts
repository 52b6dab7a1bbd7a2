import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import { JSON_BODY_LIMIT_BYTES } from '@jammy/shared/constants';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyRequest,
} from 'fastify';
import { uuidv7 } from 'uuidv7';
import type { Config } from './config';
import type { Database } from './db/client';
import { authRoutes } from './auth/auth.routes';
import { createAuth } from './auth/auth';
import { originCheck } from './auth/origin-check';
import { trustedOrigins } from './auth/trusted-origins';
import { createSessions, forgetSessionsOnRevocations, type Sessions } from './auth/session';
import { handleError } from './lib/error-handler';
import { outboxMailer, smtpMailer, type Mailer } from './mail/mailer';
import { createMailQueue } from './mail/mail-queue';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { describeStandardErrors, validateResponses } from './lib/contract';
import { conditionalGets } from './lib/http-cache';
import { securityHeaders } from './lib/security-headers';
import { boundedJsonBodies } from './lib/json-body';
import { closeIdleConnectionsOnClose } from './lib/idle-connections';
import { RequestLogController, logRequests } from './lib/request-log';
import { createNotifications, type Notifications } from './events/notifications';
import { outboxRoutes } from './modules/admin/outbox.routes';
import { registerBudget } from './modules/budget/register';
import { contactRoutes } from './modules/contact/contact.routes';
import { geoRoutes } from './modules/geo/geo.routes';
import { importRoutes } from './modules/imports/imports.routes';
import { inboxRoutes } from './modules/inbox/inbox.routes';
import { idempotencyKeys } from './modules/idempotency/idempotency.hook';
import { itineraryRoutes } from './modules/itineraries/itineraries.routes';
import { registerItineraryParts } from './modules/itineraries/register';
import { createDocumentCache, invalidateOnWrites } from './modules/itineraries/document-cache';
import { readableTitle } from './modules/itineraries/itinerary-document';
import { meRoutes } from './modules/me/me.routes';
import { mediaRoutes } from './modules/files/media.routes';
import { bookingRoutes } from './modules/bookings/bookings.routes';
import { registerSharing } from './modules/sharing/register';
import { exportRoutes } from './modules/exports/exports.routes';
import { presetRoutes } from './modules/presets/presets.routes';
import { shopAdminRoutes } from './modules/shop/shop-admin.routes';
import { shopRoutes } from './modules/shop/shop.routes';
import { createStripePayments } from './modules/shop/stripe-payments';
import { stripeWebhookRoutes } from './modules/shop/stripe-webhook.routes';
import { sessionRoute } from './modules/me/session.routes';
import { whoIsHere } from './modules/me/me.service';
import { sessionRoutes } from './modules/me/sessions.routes';
import { signInMethodsRoutes } from './modules/me/sign-in-methods.routes';
import { outboxSms, twilioSms, type SmsSender } from './sms/sms-sender';
import { healthRoutes } from './modules/health/health.routes';
import { clientConfigRoutes } from './modules/meta/client-config.routes';
import { spaRoutes } from './spa/spa.routes';
import type { BlobStore } from './modules/files/blob-store';
import { diskBlobStore } from './modules/files/disk-blob-store';
import { storageApiRoutes } from './modules/files/storage-api.routes';
import { storageRoutes } from './modules/files/storage.routes';
import { createStorage } from './modules/files/storage.service';
import { scheduleHousekeeping } from './housekeeping';
import { SESSION_COOKIE } from './auth/session-cookie';
import type { Metrics } from './observability/metrics';

export interface AppDeps {
  config: Config;
  database: Database;
  logger: FastifyBaseLogger;
  /** Signs cookies; generated once per installation (see meta.repository). */
  sessionSecret: string;
  buildId: string;
  /** Defaults to SMTP when SMTP_URL is set, else the outbox. */
  mailer?: Mailer;
  /** Defaults to a Twilio-compatible API when TWILIO_* is set, else the outbox. */
  sms?: SmsSender;
  /** Defaults to the S3-compatible store when S3_* is set, else DATA_DIR/files. */
  blobs?: BlobStore;
  /** This process's LISTEN connection; made here when absent (the tests hold their own). */
  notifications?: Notifications;
  /** Prometheus metrics, when METRICS_PORT is set (observability/metrics.ts). */
  metrics?: Metrics;
  /** Tracing is on: names the request's server span by its route, tags it with the request id. */
  traceRequest?: (request: FastifyRequest) => void;
}

const INCOMING_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The CSP source of a tile URL template: its origin, with `{s}` subdomains as a wildcard. */
function tileSource(tileUrl: string): string {
  const origin = /^(https?:\/\/[^/]+)/.exec(tileUrl)?.[1] ?? "'self'";
  return origin.replace('{s}', '*');
}

/** The whole HTTP application, without listening: main.ts and the tests both build it. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    loggerInstance: deps.logger,
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    // One line per request instead, by route pattern and without the address (request-log.ts).
    logController: new RequestLogController(),
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
  // Before compression (its onSend must see the answer as text). Sessions exist further down.
  const keySessions: { current?: Sessions } = {};
  idempotencyKeys(app, {
    db: deps.database.db,
    userIdOf: async (request) => (await keySessions.current?.find(request))?.user.id ?? null,
  });

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
  await app.register(fastifyCookie, { secret: deps.sessionSecret });

  const outboxDir = path.join(config.dataDir, 'outbox');
  const mailer =
    deps.mailer ??
    (config.mail.smtpUrl
      ? smtpMailer(config.mail.smtpUrl, config.mail.from, deps.logger)
      : outboxMailer(outboxDir, config.mail.from, deps.logger));
  const sms =
    deps.sms ??
    (config.twilio ? twilioSms(config.twilio, deps.logger) : outboxSms(outboxDir, deps.logger));
  const origins = trustedOrigins(config);
  const auth = createAuth({
    config,
    db: deps.database.db,
    secret: deps.sessionSecret,
    mailer,
    sms,
    logger: deps.logger,
    origins,
  });
  // One LISTEN connection per process: live events and cache invalidations from every process.
  const notifications =
    deps.notifications ?? createNotifications({ pool: deps.database.pool, logger: deps.logger });
  healthRoutes(app, {
    pool: deps.database.pool,
    buildId: deps.buildId,
    listening: () => notifications.listening(),
  });
  const sessions = createSessions(auth, deps.database.db, notifications);
  keySessions.current = sessions;
  logRequests(app, (request) => sessions.userIdOf(request));
  forgetSessionsOnRevocations(app, sessions);
  originCheck(app, origins);

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Jammy API',
        version: deps.buildId,
        description:
          'Trips as itineraries of stages and places. Sign in through /api/auth (cookie session). ' +
          'Errors: { error: { code, message, details? } }. Writes send back `version`; a stale one answers 409.',
        license: { name: 'AGPL-3.0-or-later', identifier: 'AGPL-3.0-or-later' },
      },
      servers: [{ url: config.baseUrl.origin, description: 'This installation' }],
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'The session cookie better-auth sets at sign-in (/api/auth/*).',
          },
          storageToken: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description:
              '`Firebase <token>` with a token from POST /api/storage/token (storage protocol only).',
          },
        },
      },
      // Every operation needs a session unless it says otherwise (`security: []`).
      security: [{ session: [] }],
    },
    transform: (input) => {
      const output = jsonSchemaTransform(input);
      // A wildcard (the storage API's object paths) is an ordinary named parameter to OpenAPI.
      if (!output.url.endsWith('*')) return output;
      const params = output.schema.params as
        { properties?: Record<string, unknown>; required?: string[] } | undefined;
      const { '*': wildcard, ...others } = params?.properties ?? {};
      return {
        url: `${output.url.slice(0, -1)}:objectPath`,
        schema: {
          ...output.schema,
          params: {
            ...params,
            properties: { ...others, objectPath: wildcard },
            required: (params?.required ?? []).map((name) => (name === '*' ? 'objectPath' : name)),
          },
        },
      };
    },
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  authRoutes(app, auth, origins);
  meRoutes(app, { db: deps.database.db, sessions });
  sessionRoute(app, { db: deps.database.db, sessions });
  sessionRoutes(app, { db: deps.database.db, auth, sessions });
  signInMethodsRoutes(app, config);
  clientConfigRoutes(app, config);
  outboxRoutes(app, { sessions, outboxDir });
  contactRoutes(app, {
    db: deps.database.db,
    sessions,
    mailer,
    contactEmails: config.contactEmails,
    adminEmails: config.adminEmails,
    baseUrl: config.baseUrl,
    sessionSecret: deps.sessionSecret,
  });
  // Set once storage exists (below): a replaced cover's bytes are cleared at once.
  let sweepFiles = () => {};
  const documents = createDocumentCache({ maxBytes: config.documentCacheBytes, notifications });
  invalidateOnWrites(app, documents);
  // A trip's budget, bookings and members' access are kept with its document (decision 041).
  const content = { db: deps.database.db, sessions, documents };
  itineraryRoutes(app, { ...content, sweepFiles: () => sweepFiles() });
  registerItineraryParts(app, content);
  mediaRoutes(app, content);
  bookingRoutes(app, content);
  registerBudget(app, { ...content, ratesUrl: config.ratesUrl });
  const sharing = registerSharing(app, {
    database: deps.database,
    sessions,
    mailer,
    origin: config.baseUrl.origin,
    notifications,
    onFanOut: metrics?.observeFanOut,
    documents,
  });
  exportRoutes(app, { ...content, baseUrl: config.baseUrl });
  geoRoutes(app, { sessions, geocoder: config.geocoder });
  const imports = await importRoutes(app, { ...content, geocoder: config.geocoder });
  metrics?.watch({
    eventStreams: sharing.openStreams,
    documentCache: () => documents.stats(),
    importQueue: imports.queueDepth,
  });
  presetRoutes(app, { ...content, publicUrl: config.publicUrl });
  // The shop: Stripe Checkout when configured, otherwise invoices an admin marks paid.
  const stripe = config.shop.stripe ? await createStripePayments(config.shop.stripe) : undefined;
  // Mails that tell of a change are written with it and sent from this queue (decision 034).
  const mailQueue = createMailQueue({ db: deps.database.db, mailer, logger: deps.logger });
  const mails = {
    db: deps.database.db,
    baseUrl: config.baseUrl,
    adminEmails: config.adminEmails,
  };
  const shop = {
    ...content,
    shop: config.shop,
    stripe,
    publicUrl: config.publicUrl,
    mails,
    mailQueue,
  };
  shopRoutes(app, shop);
  shopAdminRoutes(app, shop);
  await stripeWebhookRoutes(app, { db: deps.database.db, stripe, mails, mailQueue });

  const blobs =
    deps.blobs ??
    (config.storage.s3
      ? // The S3 client is big: loaded only by installations that use it.
        (await import('./modules/files/s3-blob-store')).s3BlobStore(config.storage.s3)
      : diskBlobStore(path.join(config.dataDir, 'files')));
  await blobs.open();
  const storage = createStorage({
    db: deps.database.db,
    blobs,
    config: config.storage,
    logger: deps.logger,
    onUploaded: metrics?.countUpload,
  });
  sweepFiles = () => void storage.sweep();
  const storageDeps = { ...content, storage, sessionSecret: deps.sessionSecret };
  await storageRoutes(app, { ...storageDeps, publicUrl: config.publicUrl });
  // Deleting what owns files (a photo, an attachment, a stage or place with photos) queues
  // their bytes for deletion: clear them right after the answer.
  app.addHook('onResponse', (request, reply, done) => {
    if (
      request.method === 'DELETE' &&
      reply.statusCode === 204 &&
      request.url.startsWith('/api/')
    ) {
      sweepFiles();
    }
    done();
  });
  storageApiRoutes(app, storageDeps);
  await inboxRoutes(app, {
    ...storageDeps,
    bucket: config.storage.bucket,
    notifications,
    inbox: config.inbox,
  });

  const housekeeping = scheduleHousekeeping(app.log, deps.database.db, () => storage.sweep());
  app.addHook('onReady', () => notifications.start());
  // After the live streams have ended (their preClose hook runs first).
  app.addHook('preClose', () => notifications.close());
  app.addHook('onReady', async () => {
    housekeeping.start();
    mailQueue.start();
  });
  app.addHook('onClose', async () => {
    await housekeeping.stop();
    await mailQueue.close();
    await storage.sweep();
    await blobs.close();
  });
  await spaRoutes(app, {
    webDistDir: config.webDistDir,
    session: (request) => whoIsHere({ db: deps.database.db, sessions }, request),
    tripTitle: (userId, itineraryId) =>
      readableTitle(deps.database.db, documents, itineraryId, userId),
  });

  return app;
}
