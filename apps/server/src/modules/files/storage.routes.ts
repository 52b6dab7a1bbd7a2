import type { FastifyInstance } from 'fastify';
import type { Sessions } from '../../auth/session';
import type { Db } from '../../db/client';
import { objectRoutes } from './objects.routes';
import { storageCallers } from './storage-access';
import type { Storage } from './storage.service';
import { uploadRoutes } from './uploads.routes';

export interface StorageDeps {
  db: Db;
  sessions: Sessions;
  storage: Storage;
  sessionSecret: string;
  /** Where clients reach this server (the resumable upload address is built on it). */
  publicUrl: URL | undefined;
}

/**
 * The storage protocol (spec §7, DESIGN §6) under /v0/b/{bucket}/o: what Google's Firebase
 * Storage SDK speaks, so it and Jammy's own client use the same calls. Bodies are streams
 * here (uploads are never held whole), so this context has its own body parsing.
 */
export async function storageRoutes(root: FastifyInstance, deps: StorageDeps): Promise<void> {
  const context = {
    storage: deps.storage,
    callerOf: storageCallers(deps.db, deps.sessions, deps.sessionSecret),
    publicUrl: deps.publicUrl,
  };

  await root.register(async (app) => {
    // Bodies reach the handlers as the raw request stream (see uploads.routes.ts).
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, done) => done(null));
    app.addHook('onRequest', async (request) => {
      if (
        !request.headers['content-type'] &&
        request.method !== 'GET' &&
        request.method !== 'HEAD'
      ) {
        request.headers['content-type'] = 'application/octet-stream';
      }
    });
    // An upload refused part-way (too large, not a photo) leaves the rest of its body unread;
    // Node does not drain a body that was being read, so the client would wait forever to send
    // it, on a connection no other request can use. The rest is read and dropped instead.
    app.addHook('onResponse', async (request) => {
      if (!request.raw.complete && !request.raw.destroyed) request.raw.resume();
    });

    uploadRoutes(app, context);
    objectRoutes(app, context);
  });
}
