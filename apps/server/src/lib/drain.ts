import type { FastifyInstance } from 'fastify';

/**
 * A process that has begun to stop: it reports itself unready and refuses new event streams
 * (503 with Retry-After), and answers every other request as usual. Begun by SIGTERM, for
 * DRAIN_DELAY_SECONDS before close() stops listening (server.ts): a proxy's health checks see
 * the process unready and send it nothing more before its connections are refused (a proxy
 * that must resend a refused request loses its body in some versions, Caddy 2.6 among them).
 * close() begins it too, when nothing did before.
 */
export interface Drain {
  draining(): boolean;
  begin(): void;
}

export function createDrain(): Drain {
  let draining = false;
  return {
    draining: () => draining,
    begin: () => {
      draining = true;
    },
  };
}

/** The app's drain as `app.beginDrain()`, begun by close() at the latest. */
export function drainOnClose(app: FastifyInstance, drain: Drain): void {
  app.decorate('beginDrain', () => drain.begin());
  app.addHook('preClose', async () => drain.begin());
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Turns the process unready and refuses new event streams; see lib/drain.ts. */
    beginDrain(): void;
  }
}
