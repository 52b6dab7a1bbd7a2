import http from 'node:http';

/** One Server-Sent Event as a client parses it. */
export interface ReceivedEvent {
  id: string | null;
  event: string;
  data: unknown;
}

/** A live SSE connection read with node:http (what a browser's EventSource does). */
export interface SseConnection {
  status: number;
  headers: http.IncomingHttpHeaders;
  events: ReceivedEvent[];
  /** The first event not yet taken that matches, waiting up to `timeoutMs`. */
  next(predicate: (event: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens `url` as an event stream with the given headers (cookie, Last-Event-ID, …). */
export function openEventStream(
  url: string,
  headers: Record<string, string> = {},
): Promise<SseConnection> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers } });
    request.once('error', reject);
    request.once('response', (response) => {
      const events: ReceivedEvent[] = [];
      const taken = new Set<ReceivedEvent>();
      const waiters = new Set<() => void>();
      let buffer = '';
      let endedResolve: () => void = () => {};
      const ended = new Promise<void>((done) => (endedResolve = done));
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let boundary = buffer.indexOf('\n\n');
        while (boundary >= 0) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          boundary = buffer.indexOf('\n\n');
          let id: string | null = null;
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':') || line === '') continue;
            const colon = line.indexOf(':');
            const field = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'id') id = value;
            else if (field === 'event') event = value;
            else if (field === 'data') data.push(value);
          }
          if (data.length === 0) continue;
          const text = data.join('\n');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // Not JSON: kept as text.
          }
          events.push({ id, event, data: parsed });
          for (const wake of waiters) wake();
        }
      });
      response.once('end', () => endedResolve());
      response.once('close', () => endedResolve());

      async function next(predicate: (event: ReceivedEvent) => boolean, timeoutMs = 3000) {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          const found = events.find((event) => !taken.has(event) && predicate(event));
          if (found) {
            taken.add(found);
            return found;
          }
          const left = deadline - Date.now();
          if (left <= 0) {
            throw new Error(
              `no matching event within ${timeoutMs} ms; got ${JSON.stringify(events.map((e) => [e.id, e.event]))}`,
            );
          }
          await new Promise<void>((wakeUp) => {
            const wake = () => {
              clearTimeout(timer);
              waiters.delete(wake);
              wakeUp();
            };
            const timer = setTimeout(wake, left);
            waiters.add(wake);
          });
        }
      }

      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        events,
        next,
        ended,
        close: () => request.destroy(),
      });
    });
  });
}
