// The fleet test's clients: travellers who read and edit shared trips through the proxy, each
// answer timed and counted in the phase in which its request was sent, and event streams that
// reconnect as a browser's EventSource does (with Last-Event-ID), timing each reconnection.
import { randomUUID } from 'node:crypto';
import http from 'node:http';

export interface Traveller {
  cookie: string;
  id: string;
}

/**
 * A read; a write sent once, as the web app sends a change while it is online; or a write
 * with an Idempotency-Key, sent again with the same key when no answer from Jammy came back
 * (502, 503, 504, no connection, or 409 while its first try is still under way), as the web
 * app's outbox sends its writes.
 */
export type RequestKind = 'read' | 'write' | 'keyed write';

export interface Outcome {
  phase: string;
  /** When it was sent (Date.now()). */
  at: number;
  kind: RequestKind;
  ms: number;
  /** The HTTP status of the last try, or 0 when no answer came (connection refused or reset). */
  status: number;
  /** How many times a keyed write was sent again. */
  resent: number;
  /** The error code of Jammy's answer, when it gave one. */
  code?: string;
  error?: string;
  /** A write's place name (unique), to look for it in the database. */
  name?: string;
}

/** Answers that do not come from Jammy having handled the request: it may not have reached it. */
const NO_ANSWER = new Set([0, 502, 503, 504]);

/** Every answer the clients saw, and the ids of the places whose creation was answered 201. */
export class Tally {
  outcomes: Outcome[] = [];
  acknowledged: { id: string; at: number }[] = [];
  phase = 'warm-up';

  failures(phase?: string): Outcome[] {
    return this.outcomes.filter(
      (outcome) =>
        (!phase || outcome.phase === phase) && (outcome.status === 0 || outcome.status >= 400),
    );
  }

  /**
   * Writes whose client cannot know whether Jammy applied them (the test looks them up in the
   * database): sent once, their answer did not come back; or keyed, and their key is still
   * held by a first try that never finished (its process was killed while handling it).
   */
  unknown(phase?: string): Outcome[] {
    return this.failures(phase).filter(
      (outcome) =>
        (outcome.kind === 'write' && NO_ANSWER.has(outcome.status)) ||
        (outcome.kind === 'keyed write' && outcome.code === 'idempotency/in-progress'),
    );
  }

  resent(phase?: string): number {
    return this.outcomes
      .filter((outcome) => !phase || outcome.phase === phase)
      .reduce((sum, outcome) => sum + outcome.resent, 0);
  }
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Long enough for a slow, shared machine; a request that hangs this long has failed. */
const REQUEST_TIMEOUT_MS = 30_000;
/** A keyed write is sent at most this many times, waiting longer each time (the outbox waits 5 s). */
const KEYED_TRIES = 8;
const RESEND_AFTER_MS = 500;

async function once(
  url: string,
  init: RequestInit,
): Promise<{ status: number; body: string; code?: string; error?: string }> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const body = await response.text();
    const code = /"code":"([^"]+)"/.exec(body)?.[1];
    return { status: response.status, body, ...(code ? { code } : {}) };
  } catch (error) {
    return {
      status: 0,
      body: '',
      error:
        error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : String(error),
    };
  }
}

/**
 * One timed request (a keyed write: until Jammy answers it), counted in the phase that was
 * current when it was sent; never throws.
 */
export async function timed(
  tally: Tally,
  url: string,
  init: RequestInit,
  kind: RequestKind = 'read',
  name?: string,
): Promise<{ status: number; body: string }> {
  const phase = tally.phase;
  const at = Date.now();
  const started = performance.now();
  let answer = await once(url, init);
  let resent = 0;
  while (
    kind === 'keyed write' &&
    resent + 1 < KEYED_TRIES &&
    (NO_ANSWER.has(answer.status) ||
      (answer.status === 409 && answer.code === 'idempotency/in-progress'))
  ) {
    await new Promise((resolve) => setTimeout(resolve, RESEND_AFTER_MS * (resent + 1)));
    resent += 1;
    answer = await once(url, init);
  }
  const ok = answer.status >= 200 && answer.status < 400;
  tally.outcomes.push({
    phase,
    at,
    kind,
    ms: performance.now() - started,
    status: answer.status,
    resent,
    ...(name ? { name } : {}),
    ...(answer.code ? { code: answer.code } : {}),
    ...(ok
      ? {}
      : {
          error: `${init.method ?? 'GET'} ${new URL(url).pathname}: ${answer.status} ${
            answer.error ?? answer.body.slice(0, 120)
          }`,
        }),
  });
  return { status: answer.status, body: answer.body };
}

export function headersOf(cookie: string, origin: string): Record<string, string> {
  return { cookie, origin, 'content-type': 'application/json' };
}

/**
 * Readers and editors looping until `stopped()`: a reader reads a trip, the list of trips and
 * the trip's notes; an editor reads the trip and adds a place (acknowledged when answered
 * 201), with an Idempotency-Key when it is `keyed`. Each pauses `pauseMs` between requests, so
 * that the load leaves the two cores to the servers.
 */
export async function runLoad(options: {
  base: string;
  origin: string;
  tally: Tally;
  readers: { traveller: Traveller; trip: string }[];
  editors: { traveller: Traveller; trip: string; keyed: boolean }[];
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
  const editor = async ({
    traveller,
    trip,
    keyed,
  }: {
    traveller: Traveller;
    trip: string;
    keyed: boolean;
  }) => {
    const headers = headersOf(traveller.cookie, origin);
    while (!stopped()) {
      await timed(tally, `${base}/api/itineraries/${trip}`, { headers });
      await pause();
      written += 1;
      const name = `Fleet place ${written}`;
      const answer = await timed(
        tally,
        `${base}/api/itineraries/${trip}/places`,
        {
          method: 'POST',
          headers: keyed ? { ...headers, 'idempotency-key': randomUUID() } : headers,
          body: JSON.stringify({ name }),
        },
        keyed ? 'keyed write' : 'write',
        name,
      );
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
  unnumbered: { kind: string; receivedAt: number }[] = [];
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
  async opened(timeoutMs = 30_000): Promise<void> {
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
            } else if (/^data:/m.test(block)) {
              // Without an id: presence, or `reset` (the page would fetch the trip again).
              this.unnumbered.push({ kind, receivedAt: Date.now() });
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
