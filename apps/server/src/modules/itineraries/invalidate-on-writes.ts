import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DocumentCache } from './document-cache';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route writes only what the itinerary's document does not hold (`leavesDocument`):
     * its writes keep the cached document.
     */
    outsideDocument?: boolean;
  }
}

/**
 * A write answered by this process drops what it may have changed before it answers, so the
 * writer's next read is fresh even before the NOTIFY of its commit comes back: the itinerary
 * a route under /api/itineraries/{id} names (unless the route writes only what its document
 * does not hold), or everything for a write elsewhere that can change documents or members
 * (an invitation accepted, an account deleted, an admin's act). Sign-in and the other account
 * routes change no itinerary.
 */
export function invalidateOnWrites(app: FastifyInstance, documents: DocumentCache): void {
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (!SAFE_METHODS.has(request.method)) invalidateFor(request);
    done(null, payload);
  });

  function invalidateFor(request: FastifyRequest) {
    const route = request.routeOptions.url ?? '';
    const params: unknown = request.params; // each route's own: `id` where there is one
    const id = typeof params === 'object' && params !== null && 'id' in params ? params.id : null;
    if (request.routeOptions.config.outsideDocument) {
      // A note, a list: the document is as it was. (When such a write moves the
      // itinerary's last-change time, which the document shows, the NOTIFY of that drops it.)
    } else if (route.startsWith('/api/itineraries/:id') && typeof id === 'string') {
      const members = /\/(members|invitations|transfer)/.test(route);
      documents.invalidate(id, members ? 'all' : 'documents');
    } else if (route === '/api/itineraries') {
      // A new itinerary: nobody holds it yet.
    } else if (route.startsWith('/api/auth/') && !request.url.includes('/delete-user')) {
      // Sign-in, sign-up, sessions: no document changes.
    } else if (route.startsWith('/api/') || route.startsWith('/v0/')) {
      // (A file deleted through the storage API may take a photo with it.)
      documents.clear();
    }
  }
}
