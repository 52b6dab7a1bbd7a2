// `npm run bench`: the hot reads of Jammy, each side by side with a bare node:http server
// sending the same bytes from memory (the floor of any Node server here), in one run: the trip
// document warm (from the document cache) and with the cache off (an app where PostgreSQL
// builds it for every read that does not join one already under way), the list of trips (its
// first and its next page of 50), the session check (GET /api/session), the trip as a
// share-link holder reads it (no account), the trip's budget and its bookings, and a mixed load
// of five editors of one trip (nine reads to one write each). Each load and the bare server's
// load of the same bytes run in turns, BENCH_SLICES (5) slices of each alternating, so that a
// machine whose other work comes and goes weighs on both alike (one after the other, a ratio
// moved by two or more between runs here). It prints req/s of both over all their slices, the
// ratio, p50 and p99 (the median of the slices'), non-2xx answers, and the process's RSS, and
// marks the rows that miss issue 34's targets (≥ 0.5× bare, p99 < 20 ms; the mixed load
// < 50 ms). In-process it also prints the main thread's CPU time a request, Jammy's and bare's,
// and their ratio: on a machine whose other work takes the cores from the load (load averages
// of 8 to 21 on two cores here), req/s and their ratio moved by more than any change being
// measured, CPU time a request much less.
//
// Starts an embedded PostgreSQL and two apps on loopback ports, seeds the travellers, then
// runs autocannon in worker threads (the load does not share the servers' event loop), one
// measurement after the other. Everything it started is stopped and removed at the end.
// `--only=list,session` runs those loads alone (names: the first column's keys below), e.g.
// under `node --cpu-prof --import tsx` to see where a read's time goes; BENCH_SECONDS (10)
// sets each load's length (Jammy's and bare's each).
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
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { itineraryMember } from '../src/db/schema/itineraries';
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
import { bodyOf, startBareServer, type BareServer } from './bare-server';
import { memoryMailer, signUp, userIdOf } from './bench-accounts';
import {
  BOOKINGS,
  EXPENSES,
  PLACES_PER_STAGE,
  STAGES,
  seedBudgetAndBookings,
  seedItinerary,
  seedList,
  seedShareLink,
} from './hot-reads-seed';
import { rssOf } from './memory';
import { mainThreadCpuMs } from './thread-cpu';

const CONNECTIONS = 50;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SLICES = Math.max(1, Number(process.env.BENCH_SLICES ?? 5));
const SLICE_SECONDS = Math.max(1, Math.round(DURATION_SECONDS / SLICES));
const LIST_PAGE = 50;
const EXTERNAL = process.argv.includes('--external');
const ONLY = process.argv
  .find((argument) => argument.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
/** Issue 34's targets: at least half of bare node:http, and these p99s. */
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 20;
const TARGET_MIXED_P99_MS = 50;

interface Measured {
  requestsPerSecond: number;
  p99Ms: number;
  p50Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
}

interface Row {
  key: string;
  name: string;
  jammy: Measured;
  bare: Measured;
  /** The p99 this row must stay under. */
  p99TargetMs: number;
  /** The highest RSS during the load of each process measured (the two servers, or this one). */
  rssPeaks: number[];
  /** The main thread's CPU time a request, Jammy's and bare's, in µs (in-process only). */
  cpuUs?: { jammy: number; bare: number };
}

interface LoadOptions {
  headers?: Record<string, string>;
  connections?: number;
  /** A sequence each connection repeats (autocannon's `requests`). */
  requests?: autocannon.Request[];
  /** A file whose function sets each connection up (autocannon's `setupClient`, in its thread). */
  setupClient?: string;
  /** Seconds (a slice's, SLICE_SECONDS, by default). */
  duration?: number;
}

async function run(url: string, options: LoadOptions) {
  return autocannon({
    url,
    connections: options.connections ?? CONNECTIONS,
    duration: options.duration ?? SLICE_SECONDS,
    headers: options.headers,
    ...(options.requests ? { requests: options.requests } : {}),
    // In workers mode autocannon takes the function's file, not the function (its README).
    ...(options.setupClient
      ? { setupClient: options.setupClient as unknown as autocannon.Options['setupClient'] }
      : {}),
    workers: 1,
  });
}

function measuredOf(results: autocannon.Result[]): Measured {
  const p50s = results.map((result) => result.latency.p50).sort((x, y) => x - y);
  return {
    requestsPerSecond: results.reduce((sum, result) => sum + result.requests.average, 0),
    // Parallel runs: the worst p99, and the middle of the medians.
    p99Ms: Math.max(...results.map((result) => result.latency.p99)),
    p50Ms: p50s[Math.floor(p50s.length / 2)] ?? 0,
    requests: results.reduce((sum, result) => sum + result.requests.total, 0),
    non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
    errors: results.reduce((sum, result) => sum + result.errors, 0),
  };
}

/** Slices of one load as one: requests over their whole time, the middle slice's p50 and p99. */
function combined(slices: Measured[]): Measured {
  const middle = (pick: (slice: Measured) => number) =>
    slices.map(pick).sort((x, y) => x - y)[Math.floor(slices.length / 2)] ?? 0;
  const sum = (pick: (slice: Measured) => number) =>
    slices.reduce((total, slice) => total + pick(slice), 0);
  return {
    requestsPerSecond: sum((slice) => slice.requestsPerSecond) / slices.length,
    p50Ms: middle((slice) => slice.p50Ms),
    p99Ms: middle((slice) => slice.p99Ms),
    requests: sum((slice) => slice.requests),
    non2xx: sum((slice) => slice.non2xx),
    errors: sum((slice) => slice.errors),
  };
}

/** One load split over several servers (the same path on each), half the connections each. */
async function loadOn(bases: string[], urlPath: string, options: LoadOptions) {
  const connections = Math.ceil((options.connections ?? CONNECTIONS) / bases.length);
  return measuredOf(
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

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

function missed(row: Row): boolean {
  const ratio = row.jammy.requestsPerSecond / row.bare.requestsPerSecond;
  return ratio < TARGET_RATIO || row.jammy.p99Ms >= row.p99TargetMs;
}

function printTable(rows: Row[], bytes: Map<string, number>) {
  const header = ['load', 'bytes', 'req/s', 'bare req/s', '× bare', 'p50 ms', 'p99 ms'];
  header.push('bare p99', 'non-2xx', 'errors', EXTERNAL ? 'RSS MB (each)' : 'RSS MB', 'target');
  if (!EXTERNAL) header.push('CPU µs/req', 'bare', 'CPU × bare');
  const lines = rows.map((row) => [
    row.name,
    String(bytes.get(row.key) ?? ''),
    row.jammy.requestsPerSecond.toFixed(0),
    row.bare.requestsPerSecond.toFixed(0),
    (row.jammy.requestsPerSecond / row.bare.requestsPerSecond).toFixed(3),
    row.jammy.p50Ms.toFixed(1),
    row.jammy.p99Ms.toFixed(1),
    row.bare.p99Ms.toFixed(1),
    String(row.jammy.non2xx),
    String(row.jammy.errors),
    row.rssPeaks.map((peak) => (peak / 1024 / 1024).toFixed(0)).join(' / '),
    missed(row) ? 'MISSED' : 'met',
    ...(row.cpuUs
      ? [
          row.cpuUs.jammy.toFixed(0),
          row.cpuUs.bare.toFixed(0),
          (row.cpuUs.bare / row.cpuUs.jammy).toFixed(3),
        ]
      : []),
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
    `\nTrip: ${STAGES} stages × ${PLACES_PER_STAGE} places, ${EXPENSES} expenses, ${BOOKINGS} bookings; ` +
      `list pages of ${LIST_PAGE} trips; ${CONNECTIONS} connections; each load in ${SLICES} slices of ` +
      `${SLICE_SECONDS} s, in turns with bare node:http sending the same bytes. Targets: ≥ ${TARGET_RATIO}× bare and ` +
      `p99 < ${TARGET_P99_MS} ms (mixed: < ${TARGET_MIXED_P99_MS} ms)\n`,
  );
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('-|-'));
  for (const line of lines) console.log(format(line));
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
  let bare: BareServer | undefined;
  const servers: ServerProcess[] = [];
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
    const trip = await seedItinerary(app, database.db, cookie, origin);
    const { itineraryId } = trip;
    // Four more editors of the same trip, for the mixed load.
    const editors = [cookie];
    const memberIds = [await userIdOf(app, cookie)];
    for (let index = 0; index < 4; index += 1) {
      const editorCookie = await signUp(app, mailer);
      const userId = await userIdOf(app, editorCookie);
      await database.db.insert(itineraryMember).values({ itineraryId, userId, role: 'editor' });
      editors.push(editorCookie);
      memberIds.push(userId);
    }
    await seedBudgetAndBookings(app, trip, { cookie, origin }, memberIds);
    const shareToken = await seedShareLink(app, itineraryId, { cookie, origin });
    await seedList(database.db, memberIds[0] ?? '', 2 * LIST_PAGE - 1);

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

    // The exact bytes Jammy answers each read, for the bare server to send from memory.
    bare = await startBareServer();
    const asOwner = { cookie };
    const firstPage = `/api/itineraries?limit=${LIST_PAGE}`;
    const first = await bodyOf(`${base}${firstPage}`, asOwner);
    const listed = JSON.parse(first.body.toString('utf8')) as {
      items: unknown[];
      nextCursor: string | null;
    };
    if (listed.items.length !== LIST_PAGE || !listed.nextCursor) {
      throw new Error(`the list's first page has ${listed.items.length} trips and no next page`);
    }
    const nextPage = `${firstPage}&cursor=${listed.nextCursor}`;
    const reads: {
      key: string;
      name: string;
      path: string;
      headers: Record<string, string>;
      base?: string;
    }[] = [
      { key: 'document', name: 'trip document, warm', path: documentPath, headers: asOwner },
      ...(coldBase
        ? [
            {
              key: 'cold',
              name: 'trip document, cache off',
              path: documentPath,
              headers: asOwner,
              base: coldBase,
            },
          ]
        : []),
      { key: 'list', name: 'list of trips, first page', path: firstPage, headers: asOwner },
      { key: 'list-next', name: 'list of trips, next page', path: nextPage, headers: asOwner },
      { key: 'session', name: 'session check', path: '/api/session', headers: asOwner },
      {
        key: 'shared',
        name: 'shared read-only view',
        path: `${documentPath}?share=${shareToken}`,
        headers: {},
      },
      {
        key: 'budget',
        name: 'budget of the trip',
        path: `${documentPath}/budget`,
        headers: asOwner,
      },
      {
        key: 'bookings',
        name: 'bookings of the trip',
        path: `${documentPath}/bookings`,
        headers: asOwner,
      },
    ];
    const bytes = new Map<string, number>();
    for (const read of reads) {
      const body = await bodyOf(`${read.base ?? base}${read.path}`, read.headers);
      bare.serve(read.path, body);
      bytes.set(read.key, body.body.length);
    }
    bytes.set('mixed', bytes.get('document') ?? 0);
    const tree = JSON.parse(
      (await bodyOf(`${base}${documentPath}`, asOwner)).body.toString('utf8'),
    ) as { stages: unknown[]; places: unknown[] };
    if (tree.stages.length !== STAGES || tree.places.length !== STAGES * PLACES_PER_STAGE) {
      throw new Error('the seeded itinerary is not complete');
    }
    console.log(`set-up done in ${((Date.now() - started) / 1000).toFixed(1)} s; loading…`);

    // Each load with the highest RSS during it: of the two servers, or of this process (both
    // apps and the load generator's threads).
    const pids = EXTERNAL ? servers.map((server) => server.child.pid ?? 0) : [process.pid];
    const rssBefore = await Promise.all(pids.map(rssOf));
    const chosen = (key: string) => !ONLY || ONLY.includes(key);
    const rows: Row[] = [];
    const measure = async (
      key: string,
      name: string,
      barePath: string,
      work: () => Promise<Measured>,
      p99TargetMs = TARGET_P99_MS,
    ) => {
      const jammySlices: Measured[] = [];
      const bareSlices: Measured[] = [];
      const peaks = pids.map(() => 0);
      // The main thread's CPU time in each side's slices (both apps and the bare server run on
      // it; the load generator in its own thread): what the machine's other work does not move.
      const cpuMs = { jammy: 0, bare: 0 };
      for (let slice = 0; slice < SLICES; slice += 1) {
        let started = await mainThreadCpuMs();
        const sampled = await peakRssOf(pids, work);
        cpuMs.jammy += (await mainThreadCpuMs()) - started;
        jammySlices.push(sampled.result);
        sampled.peaks.forEach((peak, index) => (peaks[index] = Math.max(peaks[index] ?? 0, peak)));
        started = await mainThreadCpuMs();
        bareSlices.push(await loadOn([bare?.url('') ?? ''], barePath, {}));
        cpuMs.bare += (await mainThreadCpuMs()) - started;
      }
      const perRequest = (ms: number, slices: Measured[]) =>
        (ms * 1000) /
        Math.max(
          1,
          slices.reduce((sum, slice) => sum + slice.requests, 0),
        );
      rows.push({
        key,
        name,
        jammy: combined(jammySlices),
        bare: combined(bareSlices),
        p99TargetMs,
        rssPeaks: peaks,
        ...(EXTERNAL
          ? {}
          : {
              cpuUs: {
                jammy: perRequest(cpuMs.jammy, jammySlices),
                bare: perRequest(cpuMs.bare, bareSlices),
              },
            }),
      });
    };
    for (const read of reads.filter((candidate) => chosen(candidate.key))) {
      await measure(read.key, read.name, read.path, () =>
        loadOn(read.base ? [read.base] : bases, read.path, { headers: read.headers }),
      );
    }
    if (chosen('mixed')) {
      // Five editors of one trip at once, ten connections each: nine reads, then a note. One
      // load generator per server, as for the other loads, each of its connections one editor
      // in turn (editor-client.cjs); with two servers each has half the connections, every
      // editor on both, so every write reaches the other's cache through PostgreSQL.
      const write: autocannon.Request = {
        method: 'POST',
        path: `${documentPath}/notes`,
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({ title: 'Idea', body: 'Try the night market' }),
      };
      const read: autocannon.Request = { method: 'GET', path: documentPath };
      const requests = [...Array.from({ length: 9 }, () => read), write];
      process.env.BENCH_EDITORS = JSON.stringify({ cookies: editors, requests });
      await measure(
        'mixed',
        'mixed: 5 editors, 90 % reads',
        documentPath,
        async () =>
          measuredOf(
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
        TARGET_MIXED_P99_MS,
      );
    }
    if (metrics && !EXTERNAL) {
      const plainDeps = { config, database, logger, sessionSecret, buildId: 'bench', mailer };
      console.log(
        `\nmetrics: ${await metricsCost(app, plainDeps, documentPath, { headers: asOwner })}`,
      );
    }
    const peaks = pids.map((_, index) => Math.max(...rows.map((row) => row.rssPeaks[index] ?? 0)));
    printTable(rows, bytes);
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
    const failed = rows.filter((row) => row.jammy.non2xx > 0 || row.jammy.errors > 0);
    if (failed.length > 0) {
      console.error(
        `\nnon-2xx answers or errors from: ${failed.map((row) => row.name).join(', ')}`,
      );
      process.exitCode = 1;
    }
  } finally {
    await bare?.close();
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
