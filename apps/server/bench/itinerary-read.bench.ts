// `npm run bench`: the hot reads of Jammy side by side, in one run, with a bare node:http
// server sending the same document bytes from memory (the floor of any Node server here):
// the itinerary document warm (from the document cache) and with the cache off (an app
// where PostgreSQL builds it for every read that does not join one already under way), the list of 50 itineraries, the session check
// alone (GET /api/session), and a mixed load of five editors of one trip (nine reads to one
// write each). It prints req/s, p50 and p99, non-2xx answers, and the process's RSS.
//
// Starts an embedded PostgreSQL and two apps on loopback ports, seeds the travellers, then
// runs autocannon in worker threads (the load does not share the servers' event loop), one
// measurement after the other. Everything it started is stopped and removed at the end.
//
// With METRICS_PORT set, the apps measure every request for Prometheus (the cost of metrics).
//
// `npm run bench -- --external`: the same loads on two processes of the built server
// (node dist/main.js, as deployed) sharing one PostgreSQL reached by URL: DATABASE_URL when
// set (a database the bench may fill: it adds its travellers and trips and leaves them), else
// the embedded one, started here and reached by its URL like any other. The servers listen
// on two ports and each load is split between them, half the connections each; the five
// editors of the mixed load are spread over both, so every write on one process must reach
// the other's cache through PostgreSQL's notifications. It prints each server process's RSS
// before the loads and at most during them. (The cache-off row needs an app of its own: it is
// measured in-process only.)

import { chmod, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import { generateNKeysBetween } from 'fractional-indexing';
import { uuidv7 } from 'uuidv7';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type Database, type Db } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { itinerary, itineraryMember, place, stage } from '../src/db/schema/itineraries';
import { createLogger } from '../src/lib/logger';
import { getOrCreateSessionSecret } from '../src/modules/meta/meta.repository';
import { createMetrics } from '../src/observability/metrics';
import {
  embeddedDatabaseUrl,
  ensureServerBuilt,
  killIfRunning,
  startServer,
  terminate,
  waitForHealthy,
  type ServerProcess,
} from '../test/server-process';
import { freePort } from '../test/ports';
import { createWebDistFixture, type WebDistFixture } from '../test/web-dist';
import { memoryMailer, signUp } from './bench-accounts';
import { rssOf } from './memory';

const CONNECTIONS = 50;
const DURATION_SECONDS = 10;
const STAGES = 10;
const PLACES_PER_STAGE = 10;
const EXTERNAL = process.argv.includes('--external');

interface Measured {
  name: string;
  requestsPerSecond: number;
  p99Ms: number;
  p50Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** The highest RSS during the load of each process measured (the two servers, or this one). */
  rssPeaks?: number[];
}

/**
 * One itinerary through the API, then its STAGES × PLACES_PER_STAGE content in two bulk
 * inserts (110 API calls would take longer than the measurement on a busy machine).
 */
async function seedItinerary(app: FastifyInstance, db: Db, cookie: string, origin: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/itineraries',
    headers: { cookie, origin },
    payload: {
      title: 'Grand tour',
      description: 'Ten cities, ten places each',
      startDate: '2027-05-01',
      endDate: '2027-05-30',
    },
  });
  if (response.statusCode !== 201) {
    throw new Error(`POST /api/itineraries answered ${response.statusCode}: ${response.body}`);
  }
  const itineraryId = response.json<{ id: string }>().id;
  const stages = generateNKeysBetween(null, null, STAGES).map((position, s) => ({
    id: uuidv7(),
    itineraryId,
    position,
    title: `City ${s + 1}`,
    destinationName: `City ${s + 1}`,
    lat: 40 + s,
    lng: 2 + s,
    countryCode: 'FR',
  }));
  await db.insert(stage).values(stages);
  const places = stages.flatMap((row, s) =>
    generateNKeysBetween(null, null, PLACES_PER_STAGE).map((position, p) => ({
      id: uuidv7(),
      itineraryId,
      stageId: row.id,
      position,
      name: `Place ${s + 1}.${p + 1}`,
      category: 'sight',
      lat: 40 + s + p / 100,
      lng: 2 + s + p / 100,
      address: `${p + 1} Main Street`,
      url: 'https://example.com/place',
      time: '10:00',
      durationMinutes: 60,
      costMinor: 950,
      currency: 'EUR',
      notes: 'Worth a visit',
    })),
  );
  await db.insert(place).values(places);
  return itineraryId;
}

interface LoadOptions {
  headers?: Record<string, string>;
  connections?: number;
  /** A sequence each connection repeats (autocannon's `requests`). */
  requests?: autocannon.Request[];
  /** A file whose function sets each connection up (autocannon's `setupClient`, in its thread). */
  setupClient?: string;
  /** Seconds (DURATION_SECONDS by default). */
  duration?: number;
}

async function run(url: string, options: LoadOptions) {
  return autocannon({
    url,
    connections: options.connections ?? CONNECTIONS,
    duration: options.duration ?? DURATION_SECONDS,
    headers: options.headers,
    ...(options.requests ? { requests: options.requests } : {}),
    // In workers mode autocannon takes the function's file, not the function (its README).
    ...(options.setupClient
      ? { setupClient: options.setupClient as unknown as autocannon.Options['setupClient'] }
      : {}),
    workers: 1,
  });
}

function measuredOf(name: string, results: autocannon.Result[]): Measured {
  const p50s = results.map((result) => result.latency.p50).sort((x, y) => x - y);
  return {
    name,
    requestsPerSecond: results.reduce((sum, result) => sum + result.requests.average, 0),
    // Parallel runs: the worst p99, and the middle of the medians.
    p99Ms: Math.max(...results.map((result) => result.latency.p99)),
    p50Ms: p50s[Math.floor(p50s.length / 2)] ?? 0,
    requests: results.reduce((sum, result) => sum + result.requests.total, 0),
    non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
    errors: results.reduce((sum, result) => sum + result.errors, 0),
  };
}

async function load(name: string, url: string, options: LoadOptions) {
  return measuredOf(name, [await run(url, options)]);
}

/** One load split over several servers (the same path on each), half the connections each. */
async function loadOn(name: string, bases: string[], urlPath: string, options: LoadOptions) {
  const connections = Math.ceil((options.connections ?? CONNECTIONS) / bases.length);
  return measuredOf(
    name,
    await Promise.all(bases.map((base) => run(`${base}${urlPath}`, { ...options, connections }))),
  );
}

/** Samples the processes' resident memory while `work` runs; answers each one's highest. */
async function peakRssOf<T>(
  pids: number[],
  work: () => Promise<T>,
): Promise<{ result: T; peaks: number[] }> {
  const peaks = await Promise.all(pids.map(rssOf));
  const sample = async () => {
    const now = await Promise.all(pids.map((pid) => rssOf(pid).catch(() => 0)));
    now.forEach((rss, index) => (peaks[index] = Math.max(peaks[index] ?? 0, rss)));
  };
  const timer = setInterval(() => void sample(), 100);
  try {
    return { result: await work(), peaks };
  } finally {
    clearInterval(timer);
  }
}

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

function printTable(rows: Measured[], bare: Measured, bodyBytes: number) {
  const header = ['load', 'req/s', '× bare', 'p50 ms', 'p99 ms', 'requests', 'non-2xx', 'errors'];
  header.push(EXTERNAL ? 'server RSS MB (peak, each)' : 'process RSS MB (peak)');
  const lines = [...rows, bare].map((row) => [
    row.name,
    row.requestsPerSecond.toFixed(0),
    (row.requestsPerSecond / bare.requestsPerSecond).toFixed(3),
    row.p50Ms.toFixed(1),
    row.p99Ms.toFixed(1),
    String(row.requests),
    String(row.non2xx),
    String(row.errors),
    row.rssPeaks?.map((bytes) => (bytes / 1024 / 1024).toFixed(0)).join(' / ') ?? '',
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => (line[column] ?? '').length)),
  );
  const format = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join(' | ');
  console.log(
    `\nItinerary document: ${STAGES} stages × ${PLACES_PER_STAGE} places, ${bodyBytes} bytes ` +
      `of JSON; ${CONNECTIONS} connections, ${DURATION_SECONDS} s per load, one after the other\n`,
  );
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('-|-'));
  for (const line of lines) console.log(format(line));
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** Fills the owner's list with `count` more itineraries (rows only: the list reads rows). */
async function seedList(db: Db, ownerId: string, count: number) {
  const rows = Array.from({ length: count }, (_, index) => ({
    id: uuidv7(),
    ownerId,
    title: `Weekend ${index + 1}`,
    description: 'A short trip',
    startDate: '2027-06-01',
    endDate: '2027-06-03',
  }));
  await db.insert(itinerary).values(rows);
  await db
    .insert(itineraryMember)
    .values(rows.map((row) => ({ itineraryId: row.id, userId: ownerId, role: 'owner' as const })));
}

/** The user id of a session cookie. */
async function userIdOf(app: FastifyInstance, cookie: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
  const id = response.json<{ user: { id: string } | null }>().user?.id;
  if (!id) throw new Error(`GET /api/session answered ${response.statusCode} without a user`);
  return id;
}

/** Slices of the warm read, alternating between the app with metrics and one without. */
const COST_SLICES = 10;
const COST_SLICE_SECONDS = 2;
/** Rounds of in-process reads (`inject`, no socket), alternating likewise. */
const COST_ROUNDS = 40;
const COST_ROUND_READS = 300;

/** The median of some numbers. */
function median(values: number[]): number {
  return [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? 0;
}

/**
 * The cost of metrics on the hot read, measured side by side: the same warm document read from
 * the app with metrics and from a second app without them (same database, same process), in
 * alternating slices of a few seconds, so that a machine whose load changes during the run
 * weighs on both alike.
 */
async function metricsCost(
  measured: FastifyInstance,
  plainDeps: Omit<Parameters<typeof buildApp>[0], 'metrics'>,
  documentPath: string,
  options: LoadOptions,
): Promise<string> {
  const plain = await buildApp(plainDeps);
  try {
    await plain.listen({ host: '127.0.0.1', port: 0 });
    const urls = {
      on: `http://127.0.0.1:${(measured.server.address() as AddressInfo).port}${documentPath}`,
      off: `http://127.0.0.1:${(plain.server.address() as AddressInfo).port}${documentPath}`,
    };
    const totals = { on: 0, off: 0 };
    const p99s: Record<'on' | 'off', number[]> = { on: [], off: [] };
    for (let slice = 0; slice < COST_SLICES; slice += 1) {
      // Alternate which goes first, so that neither always follows the other.
      const order = slice % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const);
      for (const which of order) {
        const result = await run(urls[which], { ...options, duration: COST_SLICE_SECONDS });
        totals[which] += result.requests.total;
        p99s[which].push(result.latency.p99);
      }
    }
    // The same read in-process: the server's own time per request, without the sockets and
    // the load generator that share the cores with it.
    const apps = { on: measured, off: plain };
    const micros: Record<'on' | 'off', number[]> = { on: [], off: [] };
    const headers = options.headers ?? {};
    for (let round = 0; round < COST_ROUNDS; round += 1) {
      const order = round % 2 === 0 ? (['on', 'off'] as const) : (['off', 'on'] as const);
      for (const which of order) {
        const started = performance.now();
        for (let read = 0; read < COST_ROUND_READS; read += 1) {
          await apps[which].inject({ method: 'GET', url: documentPath, headers });
        }
        micros[which].push(((performance.now() - started) * 1000) / COST_ROUND_READS);
      }
    }
    const seconds = COST_SLICES * COST_SLICE_SECONDS;
    return (
      `warm document, ${COST_SLICES} alternating slices of ${COST_SLICE_SECONDS} s each: ` +
      `${(totals.on / seconds).toFixed(0)} req/s with metrics, ${(totals.off / seconds).toFixed(0)} ` +
      `without (× ${(totals.on / totals.off).toFixed(3)}); median p99 ${median(p99s.on)} ms ` +
      `with, ${median(p99s.off)} ms without.\n  In-process (inject), ${COST_ROUNDS} alternating ` +
      `rounds of ${COST_ROUND_READS} reads: median ${median(micros.on).toFixed(1)} µs a read ` +
      `with metrics, ${median(micros.off).toFixed(1)} µs without (× ` +
      `${(median(micros.off) / median(micros.on)).toFixed(3)} in reads per second)`
    );
  } finally {
    await plain.close();
  }
}

async function main() {
  const started = Date.now();
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'jammy-bench-'));
  // PostgreSQL runs as its own user when we are root: it must be able to reach the folder.
  await chmod(tempDir, 0o755);
  let fixture: WebDistFixture | undefined;
  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  let cold: FastifyInstance | undefined;
  const servers: ServerProcess[] = [];
  const bare = http.createServer();
  try {
    fixture = await createWebDistFixture();
    const config = loadConfig({
      ...(EXTERNAL && process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
      NODE_ENV: 'production',
      // Request logging at info would write a line per request to stdout: not what we
      // measure. (At warn, stopping the embedded PostgreSQL logs one "idle database connection
      // failed" per pooled connection: db/client.ts closes the pool without waiting for them.)
      LOG_LEVEL: 'error',
      DATA_DIR: tempDir,
      WEB_DIST_DIR: fixture.dir,
      // With METRICS_PORT the apps measure every request, as a server serving metrics does.
      ...(process.env.METRICS_PORT ? { METRICS_PORT: process.env.METRICS_PORT } : {}),
    });
    const logger = createLogger(config);
    database = await openDatabase(config, logger);
    await runMigrations(database.pool);
    const mailer = memoryMailer();
    const sessionSecret = await getOrCreateSessionSecret(database.db);
    const metrics = config.metricsPort === undefined ? undefined : createMetrics({ database });
    app = await buildApp({
      config,
      database,
      logger,
      sessionSecret,
      buildId: 'bench',
      mailer,
      metrics,
    });
    if (metrics) {
      console.log(`metrics on: every request is measured (METRICS_PORT=${config.metricsPort})`);
    }

    const cookie = await signUp(app, mailer);
    const origin = config.baseUrl.origin;
    const itineraryId = await seedItinerary(app, database.db, cookie, origin);
    // Four more editors of the same trip, for the mixed load.
    const editors = [cookie];
    for (let index = 0; index < 4; index += 1) {
      const editorCookie = await signUp(app, mailer);
      const userId = await userIdOf(app, editorCookie);
      await database.db.insert(itineraryMember).values({ itineraryId, userId, role: 'editor' });
      editors.push(editorCookie);
    }
    await seedList(database.db, await userIdOf(app, cookie), 49);

    // Where the loads go: this process's app, or two built servers on the same database.
    let bases: string[];
    let coldBase: string | undefined;
    if (EXTERNAL) {
      ensureServerBuilt();
      const databaseUrl = config.databaseUrl ?? (await embeddedDatabaseUrl(tempDir));
      for (const name of ['a', 'b']) {
        const port = await freePort();
        servers.push(
          startServer(port, {
            ...(metrics ? { METRICS_PORT: String(await freePort()) } : {}),
            DATABASE_URL: databaseUrl,
            DATA_DIR: path.join(tempDir, `server-${name}`),
            WEB_DIST_DIR: fixture.dir,
            // The origin the writes come from, as this process's app has it.
            PUBLIC_URL: origin,
            LOG_LEVEL: 'error',
            NODE_ENV: 'production',
          }),
        );
      }
      await Promise.all(servers.map((server) => waitForHealthy(server, 60_000)));
      bases = servers.map((server) => `http://127.0.0.1:${server.port}`);
      console.log(
        `two server processes (node dist/main.js) on ports ${servers.map((server) => server.port).join(' and ')}, ` +
          `on ${config.databaseUrl ? 'the PostgreSQL of DATABASE_URL' : 'an embedded PostgreSQL reached by its URL'}`,
      );
    } else {
      // The same database with the document cache off: PostgreSQL builds every read.
      cold = await buildApp({
        config: { ...config, documentCacheBytes: 0 },
        database,
        logger,
        sessionSecret,
        buildId: 'bench',
        mailer,
        metrics,
      });
      await app.listen({ host: '127.0.0.1', port: 0 });
      await cold.listen({ host: '127.0.0.1', port: 0 });
      bases = [`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`];
      coldBase = `http://127.0.0.1:${(cold.server.address() as AddressInfo).port}`;
    }
    const base = bases[0] ?? '';
    const documentPath = `/api/itineraries/${itineraryId}`;

    // The exact bytes Jammy answers, for the bare server to send from memory.
    const real = await fetch(`${base}${documentPath}`, { headers: { cookie } });
    if (real.status !== 200) throw new Error(`GET answered ${real.status}: ${await real.text()}`);
    const body = Buffer.from(await real.arrayBuffer());
    const contentType = real.headers.get('content-type') ?? 'application/json';
    const tree = JSON.parse(body.toString('utf8')) as { stages: unknown[]; places: unknown[] };
    if (tree.stages.length !== STAGES || tree.places.length !== STAGES * PLACES_PER_STAGE) {
      throw new Error('the seeded itinerary is not complete');
    }
    const list = await fetch(`${base}/api/itineraries?limit=50`, { headers: { cookie } });
    const listed = ((await list.json()) as { items: unknown[] }).items.length;
    if (listed !== 50) throw new Error(`the list has ${listed} itineraries, not 50`);
    bare.on('request', (_request, response) => {
      response.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
      response.end(body);
    });
    const barePort = await listen(bare);
    console.log(`set-up done in ${((Date.now() - started) / 1000).toFixed(1)} s; loading…`);

    const asOwner = { headers: { cookie } };
    // Each load with the highest RSS during it: of the two servers, or of this process (both
    // apps and the load generator's threads).
    const pids = EXTERNAL ? servers.map((server) => server.child.pid ?? 0) : [process.pid];
    const rssBefore = await Promise.all(pids.map(rssOf));
    const sampled = async (work: () => Promise<Measured>): Promise<Measured> => {
      const { result, peaks } = await peakRssOf(pids, work);
      return { ...result, rssPeaks: peaks };
    };
    const rows: Measured[] = [];
    rows.push(await sampled(() => loadOn('document, warm (cache)', bases, documentPath, asOwner)));
    if (coldBase) {
      rows.push(
        await sampled(() =>
          load('document, cache off (reads shared)', `${coldBase}${documentPath}`, asOwner),
        ),
      );
    }
    rows.push(
      await sampled(() =>
        loadOn('list of 50 itineraries', bases, '/api/itineraries?limit=50', asOwner),
      ),
    );
    rows.push(
      await sampled(() => loadOn('session check (/api/session)', bases, '/api/session', asOwner)),
    );
    // Five editors of one trip at once, ten connections each: nine reads, then a note. One load
    // generator per server, as for the other loads, each of its connections one editor in turn
    // (editor-client.cjs); with two servers each has half the connections, every editor on
    // both, so every write reaches the other's cache through PostgreSQL.
    const write: autocannon.Request = {
      method: 'POST',
      path: `${documentPath}/notes`,
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ title: 'Idea', body: 'Try the night market' }),
    };
    const read: autocannon.Request = { method: 'GET', path: documentPath };
    const requests = [...Array.from({ length: 9 }, () => read), write];
    process.env.BENCH_EDITORS = JSON.stringify({ cookies: editors, requests });
    rows.push(
      await sampled(async () =>
        measuredOf(
          'mixed: 5 editors, 90 % reads',
          await Promise.all(
            bases.map((serverBase) =>
              run(serverBase, {
                connections: CONNECTIONS / bases.length,
                requests: [read],
                setupClient: path.join(import.meta.dirname, 'editor-client.cjs'),
              }),
            ),
          ),
        ),
      ),
    );
    if (metrics && !EXTERNAL) {
      const plainDeps = { config, database, logger, sessionSecret, buildId: 'bench', mailer };
      console.log(`\nmetrics: ${await metricsCost(app, plainDeps, documentPath, asOwner)}`);
    }
    const peaks = pids.map((_, index) =>
      Math.max(...rows.map((row) => row.rssPeaks?.[index] ?? 0)),
    );
    const bareRow = await load(
      'bare node:http (same bytes)',
      `http://127.0.0.1:${barePort}/`,
      asOwner,
    );
    printTable(rows, bareRow, body.length);
    console.log(
      EXTERNAL
        ? '\nserver processes’ RSS (each a node dist/main.js):'
        : "\nprocess RSS (both apps and the load generator's threads):",
    );
    pids.forEach((_, index) =>
      console.log(
        `  ${EXTERNAL ? `port ${servers[index]?.port}` : 'this process'}: ` +
          `${megabytes(rssBefore[index] ?? 0)} before the loads, ` +
          `${megabytes(peaks[index] ?? 0)} at most during them`,
      ),
    );
    const failed = rows.filter((row) => row.non2xx > 0 || row.errors > 0);
    if (failed.length > 0) {
      console.error(
        `\nnon-2xx answers or errors from: ${failed.map((row) => row.name).join(', ')}`,
      );
      process.exitCode = 1;
    }
  } finally {
    if (bare.listening) await new Promise((resolve) => bare.close(resolve));
    for (const server of servers) {
      if (!(await terminate(server, 10_000))) killIfRunning(server);
    }
    await app?.close();
    await cold?.close();
    await database?.close();
    await fixture?.remove();
    await rm(tempDir, { recursive: true, force: true });
    console.log(`\ntotal ${((Date.now() - started) / 1000).toFixed(1)} s; all stopped and removed`);
  }
}

await main();
