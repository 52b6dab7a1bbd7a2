import {
  openEventStream,
  type SseConnection,
} from '../src/modules/sharing/sse-client.test-helpers';

/**
 * A reconnect storm, as after a restart or a network blip: many event streams opened at
 * once; each one answered 503 waits its Retry-After (plus jitter, as the web client does) and
 * tries again. Then one change in each itinerary, in turn: how long until every open stream
 * of its itinerary has it.
 */
export interface StormTarget {
  itineraryId: string;
  cookie: string;
}

export interface StormResult {
  streams: number;
  opened: number;
  /** First answers by status (200, 503, anything else). */
  firstAnswers: Record<string, number>;
  /** 503 answers without a Retry-After header (must be none). */
  withoutRetryAfter: number;
  retries: number;
  /** Attempts that failed to connect or were cut (no HTTP answer). */
  connectionErrors: number;
  /** Streams still not open after every retry. */
  neverOpened: number;
  openMs: number;
  received: number;
  missed: number;
  /**
   * From each change being sent to each open stream of its itinerary receiving it (the
   * changes made one after the other).
   */
  fanoutMs: number[];
  /** How long each change took to be acknowledged (its write's own time). */
  writeMs: number[];
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export async function reconnectStorm(options: {
  baseUrl: string;
  targets: StormTarget[];
  /** Makes one change in the itinerary; resolves once it is acknowledged. */
  change: (itineraryId: string) => Promise<void>;
  /** The event kind that change sends. */
  changeEvent: string;
  maxAttempts?: number;
  fanoutTimeoutMs?: number;
}): Promise<{ result: StormResult; close: () => void }> {
  const maxAttempts = options.maxAttempts ?? 8;
  const result: StormResult = {
    streams: options.targets.length,
    opened: 0,
    firstAnswers: {},
    withoutRetryAfter: 0,
    retries: 0,
    connectionErrors: 0,
    neverOpened: 0,
    openMs: 0,
    received: 0,
    missed: 0,
    fanoutMs: [],
    writeMs: [],
  };
  const open: { target: StormTarget; connection: SseConnection }[] = [];

  const connect = async (target: StormTarget) => {
    for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
      let status: string;
      let connection: SseConnection | undefined;
      try {
        connection = await openEventStream(
          `${options.baseUrl}/api/itineraries/${target.itineraryId}/events`,
          { cookie: target.cookie },
        );
        status = String(connection.status);
      } catch {
        status = 'network error';
        result.connectionErrors += 1;
      }
      if (attempt === 1) result.firstAnswers[status] = (result.firstAnswers[status] ?? 0) + 1;
      if (connection?.status === 200) {
        open.push({ target, connection });
        result.opened += 1;
        return;
      }
      const retryAfter = Number(connection?.headers['retry-after']);
      if (connection?.status === 503 && !Number.isFinite(retryAfter)) result.withoutRetryAfter += 1;
      connection?.close();
      if (connection && connection.status !== 503) break;
      result.retries += 1;
      const base = Number.isFinite(retryAfter) ? retryAfter * 1000 : 1000;
      await new Promise((resolve) => setTimeout(resolve, base * (1 + Math.random() / 2)));
    }
    result.neverOpened += 1;
  };

  const started = performance.now();
  await Promise.all(options.targets.map(connect));
  result.openMs = Math.round(performance.now() - started);

  // One change in each itinerary, one after the other: each measures how long its own change
  // takes to reach every stream of its itinerary, not how long fifty writes queue together.
  const itineraries = [...new Set(options.targets.map((target) => target.itineraryId))];
  for (const itineraryId of itineraries) {
    const listening = open.filter((entry) => entry.target.itineraryId === itineraryId);
    const sent = performance.now();
    const delivered = Promise.all(
      listening.map(async ({ connection }) => {
        try {
          await connection.next(
            (event) => event.event === options.changeEvent,
            options.fanoutTimeoutMs ?? 15_000,
          );
          result.received += 1;
          result.fanoutMs.push(performance.now() - sent);
        } catch {
          result.missed += 1;
        }
      }),
    );
    await options.change(itineraryId);
    result.writeMs.push(performance.now() - sent);
    await delivered;
  }
  return {
    result,
    close: () => {
      for (const { connection } of open) connection.close();
    },
  };
}

/** One line for people: what opened, what was told to retry, and the fan-out times. */
export function describeStorm(result: StormResult): string {
  return [
    `reconnect storm: ${result.streams} streams at once → first answers ${JSON.stringify(result.firstAnswers)}`,
    `${result.opened} open after ${result.retries} retries in ${result.openMs} ms (${result.neverOpened} never opened, ${result.withoutRetryAfter} 503 without Retry-After, ${result.connectionErrors} connection errors)`,
    `change received by ${result.received}/${result.opened} open streams (${result.missed} missed), fan-out p50 ${percentile(result.fanoutMs, 50).toFixed(0)} ms, p99 ${percentile(result.fanoutMs, 99).toFixed(0)} ms (the changes' writes: p50 ${percentile(result.writeMs, 50).toFixed(0)} ms, p99 ${percentile(result.writeMs, 99).toFixed(0)} ms)`,
  ].join('; ');
}
