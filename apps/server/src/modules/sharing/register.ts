import type { FastifyInstance } from 'fastify';
import type { Sessions } from '../../auth/session';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { createEventBus } from '../../events/event-bus';
import type { Notifications } from '../../events/notifications';
import type { Mailer } from '../../mail/mailer';
import { eventRoutes } from './events.routes';
import { sharingRoutes } from './sharing.routes';

/**
 * Sharing, roles and live collaboration: the routes, and this process's live streams
 * (started when the app is ready, ended before it closes so that open streams never hold
 * the server up).
 */
export function registerSharing(
  app: FastifyInstance,
  deps: {
    database: Database;
    sessions: Sessions;
    mailer: Mailer;
    config: Config;
    notifications: Notifications;
  },
) {
  const { database, sessions } = deps;
  const bus = createEventBus({
    db: database.db,
    pool: database.pool,
    notifications: deps.notifications,
    logger: app.log,
  });
  app.addHook('onReady', () => bus.start());
  app.addHook('preClose', () => bus.close());
  sharingRoutes(app, { db: database.db, sessions, mailer: deps.mailer, config: deps.config });
  eventRoutes(app, { db: database.db, sessions, bus });
}
