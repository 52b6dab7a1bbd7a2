import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** How long a connection may stay without a request once the server is closing. */
const CLOSING_GRACE_MS = 500;

/**
 * Closes, once the server is closing, the connections that carry no request: without this an
 * idle server waited for its shutdown timeout. Node's `server.close()` closes kept-alive
 * connections between requests, but not one that never carried a request (a browser opens
 * connections ahead of need) nor one whose request has not finished arriving: both stayed
 * open until the client let go. A connection gets a short grace first, so a request already
 * on its way is still read and answered (with `connection: close`); requests in
 * flight are never cut.
 */
export function closeIdleConnectionsOnClose(app: FastifyInstance): void {
  /** Every open connection, with the requests in flight on it and when it last had one. */
  const connections = new Map<Socket, { inFlight: number; quietSince: number }>();
  let sweep: NodeJS.Timeout | undefined;

  app.server.on('connection', (socket: Socket) => {
    connections.set(socket, { inFlight: 0, quietSince: Date.now() });
    socket.once('close', () => connections.delete(socket));
  });
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const connection = connections.get(request.socket);
    if (!connection) return;
    connection.inFlight += 1;
    response.once('close', () => {
      connection.inFlight -= 1;
      connection.quietSince = Date.now();
    });
  });

  const closeQuiet = () => {
    const now = Date.now();
    for (const [socket, connection] of connections) {
      if (connection.inFlight === 0 && now - connection.quietSince >= CLOSING_GRACE_MS) {
        socket.destroy();
      }
    }
  };
  app.addHook('preClose', async () => {
    sweep = setInterval(closeQuiet, CLOSING_GRACE_MS / 5);
    sweep.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(sweep);
  });
}
