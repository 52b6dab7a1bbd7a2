// The fleet test's clients: travellers who read and edit shared trips through the proxy, each
// answer timed and counted per phase, and event streams that reconnect as a browser's
// EventSource does (with Last-Event-ID), timing each reconnection.
import { randomUUID } from 'node:crypto';
import http from 'node:http';

export interface Traveller {
  cookie: string;
  id: string;
}

export interface Outcome {
  phase: string;
  ms: number;
  /** The HTTP status, or 0 when no answer came (connection refused or reset). */
  status: number;
  error?: string;
}

/** Every answer the clients saw, and the ids of the places whose creation was answered 201. */
export class Tally {
  outcomes: Outcome[] = [];
  acknowledged: { id: string; at: number }[] = [];
  phase = 'warm-up';

  record(outcome: Omit<Outcome, 'phase'>): void {
    this.outcomes.push({ ...outcome, phase: this.phase });
  }

  failures(phase?: string): Outcome[] {
    return this.outcomes.filter(
      (outcome) =>
        (!phase || outcome.phase === phase) && (outcome.status === 0 || outcome.status >= 400),
    );
  }
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** One timed request; never throws (a failure is recorded). */
export async function timed(
  tally: Tally,
  url: string,
  init: RequestInit,
): Promise<{ status: number; body: string }> {
  const started = performance.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
    const body = await response.text();
    tally.record({
      ms: performance.now() - started,
      status: response.status,
      ...(response.ok
        ? {}
        : {
            error: `${init.method ?? 'GET'} ${new URL(url).pathname}: ${response.status} ${body.slice(0, 120)}`,
          }),
    });
    return { status: response.status, body };
  } catch (error) {
    tally.record({
      ms: performance.now() - started,
      status: 0,
      error:
        error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : String(error),
    });
    return { status: 0, body: '' };
  }
}

export function headersOf(cookie: string, origin: string): Record<string, string> {
  return { cookie, origin, 'content-type': 'application/json' };
}

/**
 * Readers and editors looping until `stop` resolves: a reader reads a trip, the list of trips
 * and the trip's notes; an editor reads the trip and adds a place (a write whose 201 is
 * acknowledged). Each pauses `pauseMs` between requests, so that the load leaves the two
 * cores to the servers.
 */
export async function runLoad(options: {
  base: string;
  origin: string;
  tally: Tally;
  readers: { traveller: Traveller; trip: string }[];
  editors: { traveller: Traveller; trip: string }[];
  pauseMs: number;
  stopped: () => boolean;
}): Promise<void> {
  const { base, origin, tally, pauseMs, stopped } = options;
  const pause = () => new Promise((resolve) => setTimeout(resolve, pauseMs));
  let written = 0;
  const reader = async ({ traveller, trip }: { traveller: Traveller; trip: string }) => {
    const headers = headersOf(traveller.cookie, origin);
    while (!stopped()) {
      for (const url of [
        `/api/itineraries/${trip}`,
        '/api/itineraries',
        `/api/itineraries/${trip}/notes`,
      ]) {
        await timed(tally, base + url, { headers });
        await pause();
      }
    }
  };
  const editor = async ({ traveller, trip }: { traveller: Traveller; trip: string }) => {
    const headers = headersOf(traveller.cookie, origin);
    while (!stopped()) {
      await timed(tally, `${base}/api/itineraries/${trip}`, { headers });
      await pause();
      written += 1;
      // With an Idempotency-Key, as the web app's outbox sends its writes: the proxy may then
      // send it again to another process if the connection breaks (deploy/Caddyfile).
      const answer = await timed(tally, `${base}/api/itineraries/${trip}/places`, {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': randomUUID() },
        body: JSON.stringify({ name: `Fleet place ${written}` }),
      });
      if (answer.status === 201) {
        tally.acknowledged.push({
          id: (JSON.parse(answer.body) as { id: string }).id,
          at: Date.now(),
        });
      }
      await pause();
    }
  };
  await Promise.all([...options.readers.map(reader), ...options.editors.map(editor)]);
}

/**
 * An event stream that reconnects when the server ends it or the connection breaks, sending
 * the last event id it saw, as EventSource does; `reconnections` holds how long each took
 * (from the end of one stream to the next one answering 200).
 */
export class ReconnectingStream {
  events: { id: number; kind: string; receivedAt: number }[] = [];
  reconnections: number[] = [];
  failedAttempts = 0;
  private request: http.ClientRequest | undefined;
  private connected = false;
  private lastId: string | null = null;
  private closed = false;
  private readonly done: Promise<void>;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly url: string,
    private readonly cookie: string,
  ) {
    this.done = this.loop();
  }

  /** Resolves once the first stream answered 200. */
  async opened(timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.connected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    if (!this.connected) throw new Error(`the event stream ${this.url} did not open`);
  }

  /** Waits for an event about `predicate`, up to `timeoutMs`; its arrival time. */
  async waitFor(
    predicate: (kind: string, id: number) => boolean,
    timeoutMs: number,
  ): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find((event) => predicate(event.kind, event.id));
      if (found) return found.receivedAt;
      if (Date.now() > deadline)
        throw new Error(`no matching event on ${this.url} in ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        this.listeners.add(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.request?.destroy();
    await this.done;
  }

  private async loop(): Promise<void> {
    let endedAt: number | undefined;
    while (!this.closed) {
      const opened = await this.open();
      if (opened === 'retry') {
        // Refused, or 503 with Retry-After: the browser waits and tries again.
        this.failedAttempts += 1;
        await new Promise((resolve) => setTimeout(resolve, 250));
        continue;
      }
      if (endedAt !== undefined) this.reconnections.push(Date.now() - endedAt);
      this.connected = true;
      await opened.ended;
      endedAt = Date.now();
    }
  }

  /** Opens one stream; 'retry' when it did not answer 200, else a promise of its end. */
  private open(): Promise<'retry' | { ended: Promise<void> }> {
    return new Promise((resolve) => {
      const request = http.get(this.url, {
        headers: {
          accept: 'text/event-stream',
          cookie: this.cookie,
          ...(this.lastId ? { 'last-event-id': this.lastId } : {}),
        },
      });
      this.request = request;
      request.once('error', () => resolve('retry'));
      request.once('response', (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          request.destroy();
          resolve('retry');
          return;
        }
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let boundary = buffer.indexOf('\n\n');
          while (boundary >= 0) {
            const block = buffer.slice(0, boundary);
            buffer = buffer.slice(boundary + 2);
            boundary = buffer.indexOf('\n\n');
            const id = /^id: ?(.*)$/m.exec(block)?.[1];
            const kind = /^event: ?(.*)$/m.exec(block)?.[1] ?? 'message';
            if (id) {
              this.lastId = id;
              this.events.push({ id: Number(id), kind, receivedAt: Date.now() });
            }
          }
          for (const listener of this.listeners) listener();
          this.listeners.clear();
        });
        resolve({
          ended: new Promise<void>((ended) => {
            // A stream the server ends, or one whose connection breaks (the process was killed).
            response.once('error', () => ended());
            response.once('close', () => ended());
          }),
        });
      });
    });
  }
}
