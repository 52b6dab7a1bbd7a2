import type { FastifyInstance } from 'fastify';
import { listRoutes } from './lists.routes';
import { noteRoutes } from './notes.routes';
import { placeRoutes } from './places.routes';
import type { RouteDeps } from './route-parts';
import { stageRoutes } from './stages.routes';

/** The routes of an itinerary's own parts: its stages, places, notes and lists. */
export function registerItineraryParts(app: FastifyInstance, deps: RouteDeps): void {
  stageRoutes(app, deps);
  placeRoutes(app, deps);
  noteRoutes(app, deps);
  listRoutes(app, deps);
}
