import type { preHandlerAsyncHookHandler, RouteOptions } from 'fastify';

/**
 * Runs `hook` before a route's own preHandlers, on that route only (called from an onRoute
 * hook): a check that concerns some routes costs the others nothing. Hooks prepended later run
 * earlier.
 */
export function prependPreHandler(route: RouteOptions, hook: preHandlerAsyncHookHandler): void {
  route.preHandler = [hook, ...[route.preHandler ?? []].flat()];
}
