import { validateHeaderName, validateHeaderValue } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession, type CurrentSession, type Sessions } from '../../auth/session';
import { POOL_CONNECTIONS, type Db } from '../../db/client';
import { answerOf, replies } from '../../lib/contract';
import { serviceUnavailable } from '../../lib/database-errors';
import type { Drain } from '../../lib/drain';
import { AppError } from '../../lib/errors';
import type { EventBus, Subscriber } from '../../events/event-bus';
import { authorize } from '../itineraries/access';
import type { DocumentCache } from '../itineraries/document-cache';
import { itineraryParams } from '../itineraries/route-parts';

// Not strict: a share-link reader's `?share=` is ignored here (the route answers 401/404).
const eventsQuery = z.object({
  /** For clients that cannot set the Last-Event-ID header. */
  lastEventId: z.string().max(32).optional(),
});

/**
 * Streams being opened at once with the database's help (an access check, a replay), at
 * most: a reconnect storm (every page of a restarted server coming back together) is answered
 * 503 with Retry-After beyond this, at once, rather than queueing for the database pool until
 * everything times out. Fewer than the pool's connections, so that openings wait here, never
 * in the pool's queue, and writes and reads keep a few connections during a storm. A member
 * whose session and access this process knows opens a new stream without the database
 * (docs/decisions/041), and an open stream uses no connection, so only those openings are
 * limited.
 */
export const MAX_OPENING_STREAMS = POOL_CONNECTIONS - 4;

/** Where a stream's chunks go, and how it ends. */
interface StreamChannel {
  write(chunk: string | Buffer): void;
  end(): void;
  onClose(listener: () => void): void;
}

type StreamHeaders = Record<string, string | number | string[] | undefined>;

/**
 * A stream's way out, its head written. Over a connection, straight to it, which the stream
 * then has to itself: Node's response would keep its header text (about 2 KB in pieces) and
 * frame every event as a chunk for as long as the stream stays open, and ten thousand may be
 * (docs/decisions/041); the body ends with the connection (`Connection: close`), as HTTP/1.1
 * allows without a length or chunks. A request made in-process (Fastify's inject, as the tests
 * and the fuzz make them) has no connection: it goes through Node's response. Undefined when
 * the client has gone already.
 */
function streamChannel(reply: FastifyReply, headers: StreamHeaders): StreamChannel | undefined {
  const socket = reply.raw.socket;
  if (socket instanceof Socket) {
    if (socket.destroyed) return undefined;
    socket.write(streamHead({ ...headers, date: new Date().toUTCString(), connection: 'close' }));
    return {
      write: (chunk) => socket.write(chunk),
      end: () => socket.end(),
      onClose: (listener) => socket.once('close', listener),
    };
  }
  const response = reply.raw;
  if (response.destroyed) return undefined;
  response.writeHead(200, headers);
  return {
    write: (chunk) => response.write(chunk),
    end: () => response.end(),
    onClose: (listener) => response.once('close', listener),
  };
}

/** A 200 response's head with `headers`, each name and value checked as Node checks them. */
function streamHead(headers: StreamHeaders): string {
  let head = 'HTTP/1.1 200 OK\r\n';
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    validateHeaderName(name);
    for (const one of [value].flat().map(String)) {
      validateHeaderValue(name, one);
      head += `${name}: ${one}\r\n`;
    }
  }
  return `${head}\r\n`;
}

/** How a stream's viewer is named to the others: as their account is (a member's name). */
function viewerOf(user: { id: string; name: string }): Subscriber['viewer'] {
  return { id: user.id, name: user.name };
}

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
  deps: { db: Db; sessions: Sessions; bus: EventBus; documents: DocumentCache; drain: Drain },
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, sessions, bus, documents, drain } = deps;
  let opening = 0;

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
      // A stopping process: a new stream would hold it open, or end with it; 503 + Retry-After
      // sends the client to another process (checked before the fast path too).
      if (drain.draining()) throw serviceUnavailable();
      const itineraryId = request.params.id;
      const known = sessions.known(request);
      if (known && lastEventId === null && documents.access(itineraryId, known.user.id)) {
        await openStream(request, reply, itineraryId, viewerOf(known.user), null, () => {}, known);
        return;
      }
      if (opening >= MAX_OPENING_STREAMS) throw serviceUnavailable();
      opening += 1;
      let opened = false;
      const doneOpening = () => {
        if (opened) return;
        opened = true;
        opening -= 1;
      };
      try {
        const current = await checkViewer(request, itineraryId);
        const viewer = viewerOf(current.user);
        await openStream(request, reply, itineraryId, viewer, lastEventId, doneOpening, current);
      } finally {
        doneOpening();
      }
    },
  );

  /** The signed-in member opening a stream (a stranger: 404), their access kept for the next. */
  async function checkViewer(request: FastifyRequest, itineraryId: string) {
    const current = await requireSession(sessions, request);
    const allow = documents.beginAccess();
    const { role } = await authorize(db, itineraryId, current.user.id, 'read');
    allow(itineraryId, current.user.id, role);
    return current;
  }

  async function openStream(
    request: FastifyRequest,
    reply: FastifyReply,
    itineraryId: string,
    viewer: Subscriber['viewer'],
    lastEventId: number | null,
    doneOpening: () => void,
    caller: CurrentSession,
  ) {
    reply.hijack();
    const channel = streamChannel(reply, {
      // The headers set so far (security headers, request id) go out with the stream's own.
      ...reply.getHeaders(),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      // Proxies such as nginx must pass each event on at once.
      'x-accel-buffering': 'no',
    });
    // The client left before its stream opened.
    if (!channel) return;
    let open = true;
    let unsubscribe: (() => void) | undefined;
    let stopWatchingToken: (() => void) | undefined;
    const end = () => {
      if (!open) return;
      open = false;
      unsubscribe?.();
      stopWatchingToken?.();
      channel.end();
    };
    channel.onClose(end);
    // A stream opened with an API token ends when the token is revoked or expires, on any
    // process; its client is refused when it reconnects (docs/decisions/044).
    if (caller.token) stopWatchingToken = sessions.tokens.onEnd(caller.token, caller.user.id, end);
    try {
      unsubscribe = await bus.subscribe(
        {
          itineraryId,
          viewer,
          write: (chunk) => {
            if (open) channel.write(chunk);
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
