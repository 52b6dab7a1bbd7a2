import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Sessions } from '../../auth/session';
import type { Db } from '../../db/client';
import { answerOf, replies } from '../../lib/contract';
import { serviceUnavailable } from '../../lib/database-errors';
import { AppError } from '../../lib/errors';
import type { EventBus } from '../../events/event-bus';
import { callerOf, itineraryParams } from '../itineraries/route-parts';
import { streamViewer } from './sharing.service';

// Not strict: a share-link reader's `?share=` is ignored here (the route answers 401/404).
const eventsQuery = z.object({
  /** For clients that cannot set the Last-Event-ID header. */
  lastEventId: z.string().max(32).optional(),
});

/**
 * Streams being opened at once (access check, replay), at most: a reconnect storm (every
 * page of a restarted server coming back together) is answered 503 with Retry-After beyond
 * this, at once, rather than queueing for the database pool until everything times out.
 * An open stream uses no database connection, so only the opening is limited.
 */
export const MAX_OPENING_STREAMS = 16;

/** The Last-Event-ID to resume after (header first, then the query); null for a new stream. */
function resumeAfter(header: string | string[] | undefined, query: string | undefined) {
  const value = (Array.isArray(header) ? header[0] : header) ?? query;
  if (value === undefined || value === '') return null;
  if (!/^\d{1,15}$/.test(value)) {
    throw new AppError('request/invalid', 'Last-Event-ID: must be the id of an event', {
      issues: [{ field: 'Last-Event-ID', message: 'must be the id of an event' }],
    });
  }
  return Number(value);
}

/**
 * GET /api/itineraries/{id}/events: Server-Sent Events of every change, for members. Each
 * event has `id:` (resume with Last-Event-ID), `event:` (its kind) and `data:` (JSON
 * ItineraryEvent); `presence` lists who has the itinerary open; `reset` means "refetch".
 */
export function eventRoutes(
  root: FastifyInstance,
  deps: { db: Db; sessions: Sessions; bus: EventBus },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, sessions, bus } = deps;
  let opening = 0;
  // Draining: a new stream would hold the process open; 503 + Retry-After sends the client to
  // another process.
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });

  app.get(
    '/api/itineraries/:id/events',
    {
      // A stream must reach the client as written: no compression buffering it.
      compress: false,
      schema: {
        tags: ['sharing'],
        summary: 'Live changes (Server-Sent Events), resumable with Last-Event-ID',
        params: itineraryParams,
        querystring: eventsQuery,
        response: replies(
          {
            200: answerOf('text/event-stream', 'A stream of events: id, event (kind), data (JSON)'),
          },
          [401, 404, 503],
        ),
      },
    },
    async (request, reply) => {
      const lastEventId = resumeAfter(request.headers['last-event-id'], request.query.lastEventId);
      if (draining || opening >= MAX_OPENING_STREAMS) throw serviceUnavailable();
      opening += 1;
      let opened = false;
      const doneOpening = () => {
        if (opened) return;
        opened = true;
        opening -= 1;
      };
      try {
        await openStream(request, request.params.id, reply, lastEventId, doneOpening);
      } finally {
        doneOpening();
      }
    },
  );

  async function openStream(
    request: FastifyRequest,
    itineraryId: string,
    reply: FastifyReply,
    lastEventId: number | null,
    doneOpening: () => void,
  ) {
    const viewer = await streamViewer(db, await callerOf(sessions, request, itineraryId));

    reply.hijack();
    const raw = reply.raw;
    // The headers set so far (security headers, request id) go out with the stream's own.
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined)
        raw.setHeader(name, typeof value === 'number' ? String(value) : value);
    }
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // Proxies such as nginx must pass each event on at once.
      'x-accel-buffering': 'no',
    });
    let open = true;
    let unsubscribe: (() => void) | undefined;
    const end = () => {
      if (!open) return;
      open = false;
      unsubscribe?.();
      raw.end();
    };
    request.raw.once('close', end);
    raw.once('close', end);
    try {
      unsubscribe = await bus.subscribe(
        {
          itineraryId,
          viewer,
          write: (chunk) => {
            if (open) raw.write(chunk);
          },
          end,
        },
        lastEventId,
      );
    } catch (error) {
      request.log.warn({ err: error }, 'could not start an event stream');
      end();
      return;
    }
    doneOpening();
    // The client may have gone while the replay ran.
    if (!open) unsubscribe();
  }
}
