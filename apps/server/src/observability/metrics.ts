import http from 'node:http';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/client';
import { observeAcquireWaits } from '../db/pool-waits';
import { productCounts, type ProductCounts } from './metrics.repository';

/**
 * This process's Prometheus metrics (docs/operations.md lists each one), served on
 * METRICS_PORT, never on the public port. Loaded only when METRICS_PORT is set (server.ts).
 *
 * What happens per request costs one histogram observation; everything else is read when
 * Prometheus scrapes (the pool's counts, the cache's statistics, the import queue, the open
 * streams), and the product counts are queried at most once a minute, however often or
 * however many scrapers ask.
 */
export interface Metrics {
  /** One answered request: its route pattern (never its address), status and duration. */
  observeRequest(method: string, route: string | undefined, status: number, seconds: number): void;
  /** A live event written to this process's streams, `seconds` after its NOTIFY. */
  observeFanOut(seconds: number): void;
  /** A file upload stored: its bytes as they arrived. */
  countUpload(bytes: number): void;
  /** Where the gauges read at scrape time come from (the app registers them as it is built). */
  watch(sources: MetricsSources): void;
  /** The metrics as Prometheus text (what GET /metrics answers). */
  text(): Promise<{ contentType: string; body: string }>;
  /** Serves GET /metrics on its own port; anything else there is a 404. */
  serve(address: { host: string; port: number }): Promise<{ close(): Promise<void> }>;
}

export interface MetricsSources {
  eventStreams?: () => number;
  documentCache?: () => { entries: number; bytes: number; hits: number; misses: number };
  importQueue?: () => { waiting: number; reading: number };
}

/** The product counts are queried at most this often. */
const COUNTS_EVERY_MS = 60_000;
/** Request durations: from a cached read (a millisecond) to a slow upload or export. */
const REQUEST_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const LAG_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
/** A request whose address matched no route. */
const UNMATCHED = 'unmatched';

export function createMetrics(deps: { database: Database }): Metrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  const sources: MetricsSources = {};

  const requests = new Histogram({
    name: 'jammy_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: REQUEST_BUCKETS,
    registers,
  });
  new Gauge({
    name: 'jammy_event_streams',
    help: 'Live event streams (Server-Sent Events) open on this process',
    registers,
    collect() {
      this.set(sources.eventStreams?.() ?? 0);
    },
  });
  const fanOut = new Histogram({
    name: 'jammy_event_fanout_lag_seconds',
    help: "Time from a change's NOTIFY to its event written to this process's streams",
    buckets: LAG_BUCKETS,
    registers,
  });

  const { pool } = deps.database;
  new Gauge({
    name: 'jammy_db_pool_connections',
    help: "Connections open in this process's database pool",
    registers,
    collect() {
      this.set(pool.totalCount);
    },
  });
  new Gauge({
    name: 'jammy_db_pool_idle_connections',
    help: "Connections of this process's pool open and not in use",
    registers,
    collect() {
      this.set(pool.idleCount);
    },
  });
  new Gauge({
    name: 'jammy_db_pool_waiting_clients',
    help: 'Queries and transactions waiting for a connection of the pool',
    registers,
    collect() {
      this.set(pool.waitingCount);
    },
  });
  new Gauge({
    name: 'jammy_db_pool_max_connections',
    help: "The size of this process's database pool",
    registers,
    collect() {
      this.set(pool.options.max ?? 10);
    },
  });
  const acquireWaits = new Histogram({
    name: 'jammy_db_pool_acquire_wait_seconds',
    help: 'Time a checkout waited for a connection because every one was busy',
    buckets: LAG_BUCKETS,
    registers,
  });
  observeAcquireWaits(pool, (seconds) => acquireWaits.observe(seconds));

  // Counters that mirror the cache's own totals: each scrape adds what they grew by.
  const mirrored = { hits: 0, misses: 0 };
  new Counter({
    name: 'jammy_document_cache_hits_total',
    help: 'Trip documents answered from the document cache',
    registers,
    collect() {
      const hits = sources.documentCache?.().hits ?? mirrored.hits;
      this.inc(hits - mirrored.hits);
      mirrored.hits = hits;
    },
  });
  new Counter({
    name: 'jammy_document_cache_misses_total',
    help: 'Trip documents built from the database because the cache did not hold them',
    registers,
    collect() {
      const misses = sources.documentCache?.().misses ?? mirrored.misses;
      this.inc(misses - mirrored.misses);
      mirrored.misses = misses;
    },
  });
  new Gauge({
    name: 'jammy_document_cache_bytes',
    help: 'Bytes the document cache holds (bounded by DOCUMENT_CACHE_MB)',
    registers,
    collect() {
      this.set(sources.documentCache?.().bytes ?? 0);
    },
  });
  new Gauge({
    name: 'jammy_document_cache_entries',
    help: 'Trips the document cache holds',
    registers,
    collect() {
      this.set(sources.documentCache?.().entries ?? 0);
    },
  });
  new Gauge({
    name: 'jammy_import_queue_files',
    help: 'Imported files waiting for a reader thread, or being read',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const queue = sources.importQueue?.() ?? { waiting: 0, reading: 0 };
      this.set({ state: 'waiting' }, queue.waiting);
      this.set({ state: 'reading' }, queue.reading);
    },
  });
  const uploadBytes = new Counter({
    name: 'jammy_upload_bytes_total',
    help: 'Bytes of files uploaded and stored (as they arrived, before photos are processed)',
    registers,
  });
  const uploads = new Counter({
    name: 'jammy_uploads_total',
    help: 'Files uploaded and stored',
    registers,
  });

  let counted: { at: number; values: ProductCounts | undefined } | undefined;
  let counting: Promise<ProductCounts | undefined> | undefined;
  /** The counts of at most a minute ago: one query a minute, shared by every scrape. */
  function counts(): Promise<ProductCounts | undefined> {
    if (counted && Date.now() - counted.at < COUNTS_EVERY_MS) {
      return Promise.resolve(counted.values);
    }
    counting ??= productCounts(deps.database.db)
      // A database that cannot answer leaves the last counts; it is asked again in a minute.
      .catch(() => counted?.values)
      .then((values) => {
        counted = { at: Date.now(), values };
        counting = undefined;
        return values;
      });
    return counting;
  }
  for (const [name, help] of [
    ['travellers', 'Accounts (counted at most once a minute)'],
    ['trips', 'Trips not in the trash (counted at most once a minute)'],
    ['files', 'Files stored (counted at most once a minute)'],
  ] as const) {
    new Gauge({
      name: `jammy_${name}`,
      help,
      registers,
      async collect() {
        const values = await counts();
        if (values) this.set(values[name]);
      },
    });
  }

  const metrics: Metrics = {
    observeRequest(method, route, status, seconds) {
      requests.observe({ method, route: route ?? UNMATCHED, status }, seconds);
    },
    observeFanOut: (seconds) => fanOut.observe(seconds),
    countUpload(bytes) {
      uploads.inc();
      uploadBytes.inc(bytes);
    },
    watch(more) {
      Object.assign(sources, more);
    },
    async text() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
    async serve(address) {
      const server = http.createServer((request, response) => {
        const pathname = (request.url ?? '').split('?')[0];
        if (request.method !== 'GET' || pathname !== '/metrics') {
          response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
          response.end('Not found: metrics are at GET /metrics\n');
          return;
        }
        metrics.text().then(
          ({ contentType, body }) => {
            response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
            response.end(body);
          },
          (error: unknown) => {
            response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
            response.end(`metrics failed: ${error instanceof Error ? error.message : 'unknown'}\n`);
          },
        );
      });
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(address.port, address.host, () => resolve());
      });
      return {
        close: () =>
          new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeAllConnections();
          }),
      };
    },
  };
  return metrics;
}
