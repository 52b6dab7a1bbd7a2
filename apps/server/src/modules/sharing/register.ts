import type { FastifyInstance } from 'fastify';
import type { Sessions } from '../../auth/session';
import type { Database } from '../../db/client';
import type { Drain } from '../../lib/drain';
import { createEventBus } from '../../events/event-bus';
import type { Notifications } from '../../events/notifications';
import type { Mailer } from '../../mail/mailer';
import type { DocumentCache } from '../itineraries/document-cache';
import { eventRoutes } from './events.routes';
import { invitationRoutes } from './invitations.routes';
import { shareLinkRoutes } from './share-links.routes';
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
    /** The origin the links of invitations and share links open (PUBLIC_URL's). */
    origin: string;
    notifications: Notifications;
    /** Measures each event's way from its NOTIFY to this process's streams (metrics). */
    onFanOut?: (seconds: number) => void;
    /** Members' access kept with the trips' documents: a stream opens without a query. */
    documents: DocumentCache;
    /** A stopping process opens no new stream (lib/drain.ts). */
    drain: Drain;
  },
): { openStreams: () => number } {
  const { database, sessions, origin } = deps;
  const db = database.db;
  const bus = createEventBus({
    db,
    pool: database.pool,
    notifications: deps.notifications,
    logger: app.log,
    onFanOut: deps.onFanOut,
  });
  app.addHook('onReady', () => bus.start());
  app.addHook('preClose', () => bus.close());
  sharingRoutes(app, { db, sessions });
  invitationRoutes(app, { db, sessions, sender: { mailer: deps.mailer, origin } });
  shareLinkRoutes(app, { db, sessions, origin });
  eventRoutes(app, { db, sessions, bus, documents: deps.documents, drain: deps.drain });
  return { openStreams: () => bus.openStreams() };
}
