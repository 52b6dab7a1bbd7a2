import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { authRoutes } from './auth/auth.routes';
import { createAuth } from './auth/auth';
import { originCheck } from './auth/origin-check';
import { trustedOrigins } from './auth/trusted-origins';
import { createSessions, forgetSessionsOnRevocations, type Sessions } from './auth/session';
import { createSecondFactorPolicy, secondFactorGate } from './auth/second-factor-policy';
import { checkTokenScopes } from './auth/token-scopes';
import { outboxMailer, smtpMailer, type Mailer } from './mail/mailer';
import { createMailQueue } from './mail/mail-queue';
import { logRequests } from './lib/request-log';
import { createHttpApp } from './http-app';
import { createDrain, drainOnClose } from './lib/drain';
import { registerOpenApi } from './openapi';
import { passkeyRoutes } from './modules/passkeys/passkeys.routes';
import { securityEventRoutes } from './modules/security-events/security-events.routes';
import { tokenRoutes } from './modules/tokens/tokens.routes';
import { mcpRoutes } from './modules/mcp/mcp.routes';
import { createNotifications, type Notifications } from './events/notifications';
import { outboxRoutes } from './modules/admin/outbox.routes';
import { registerBudget } from './modules/budget/register';
import { contactRoutes } from './modules/contact/contact.routes';
import { geoRoutes } from './modules/geo/geo.routes';
import { importRoutes } from './modules/imports/imports.routes';
import { inboxRoutes } from './modules/inbox/inbox.routes';
import { itineraryRoutes } from './modules/itineraries/itineraries.routes';
import { registerItineraryParts } from './modules/itineraries/register';
import { invalidateOnWrites } from './modules/itineraries/invalidate-on-writes';
import { createDocumentCache } from './modules/itineraries/lru-document-cache';
import { readableTitle } from './modules/itineraries/itinerary-document';
import { meRoutes } from './modules/me/me.routes';
import { mediaRoutes } from './modules/files/media.routes';
import { bookingRoutes } from './modules/bookings/bookings.routes';
import { dayRoutes } from './modules/days/days.routes';
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
import { stepUpRoute } from './modules/me/step-up.routes';
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

/** The whole HTTP application, without listening: main.ts and the tests both build it. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, metrics } = deps;
  // Who is asking, for idempotency keys: the sessions are made below, once auth exists.
  const keySessions: { current?: Sessions } = {};
  const app = await createHttpApp({
    config,
    logger: deps.logger,
    db: deps.database.db,
    sessionSecret: deps.sessionSecret,
    metrics: deps.metrics,
    traceRequest: deps.traceRequest,
    userIdOf: async (request) => (await keySessions.current?.find(request))?.user.id ?? null,
  });
  // Unready, and no new event streams, from SIGTERM (after DRAIN_DELAY_SECONDS, close()).
  const drain = createDrain();
  drainOnClose(app, drain);

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
    drain,
  });
  const sessions = createSessions(auth, deps.database.db, notifications);
  keySessions.current = sessions;
  logRequests(app, (request) => sessions.userIdOf(request));
  forgetSessionsOnRevocations(app, sessions);
  originCheck(app, origins);
  checkTokenScopes(app, sessions);
  const secondFactor = createSecondFactorPolicy(
    deps.database.db,
    config.requireSecondFactor,
    sessions,
  );
  secondFactorGate(app, { sessions, policy: secondFactor, config });

  await registerOpenApi(app, { buildId: deps.buildId, baseUrl: config.baseUrl });

  authRoutes(app, auth, origins);
  meRoutes(app, { db: deps.database.db, sessions });
  sessionRoute(app, { db: deps.database.db, sessions, secondFactor });
  stepUpRoute(app, { db: deps.database.db, auth, sessions, baseUrl: config.baseUrl });
  sessionRoutes(app, { db: deps.database.db, auth, sessions });
  tokenRoutes(app, { db: deps.database.db, sessions });
  passkeyRoutes(app, { db: deps.database.db, sessions });
  securityEventRoutes(app, { db: deps.database.db, sessions });
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
  dayRoutes(app, { ...content, router: config.router });
  registerBudget(app, { ...content, ratesUrl: config.ratesUrl });
  const sharing = registerSharing(app, {
    database: deps.database,
    sessions,
    mailer,
    origin: config.baseUrl.origin,
    notifications,
    onFanOut: metrics?.observeFanOut,
    documents,
    drain,
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

  // Assistants act at /mcp through the routes above, with the same tokens (decision 046).
  if (config.mcpEnabled) mcpRoutes(app, { sessions, version: deps.buildId });

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
    session: (request) => whoIsHere({ db: deps.database.db, sessions, secondFactor }, request),
    tripTitle: (userId, itineraryId, stageId) =>
      readableTitle(deps.database.db, documents, itineraryId, userId, stageId),
  });

  return app;
}
