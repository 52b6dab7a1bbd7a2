// `npm run bench`: how fast GET /api/itineraries/{id} answers compared with a bare node:http
// server sending the same bytes from memory (the floor of any Node server on this machine).
//
// Starts an embedded PostgreSQL and the app on a loopback port, seeds one traveller with an
// itinerary of 10 stages × 10 places, then runs autocannon (in a worker
// thread, so the load does not share the servers' event loop) against both, one after the
// other. Everything it started is stopped and its temporary folders removed at the end.

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
import { place, stage } from '../src/db/schema/itineraries';
import { createLogger } from '../src/lib/logger';
import type { MailMessage, Mailer } from '../src/mail/mailer';
import { getOrCreateSessionSecret } from '../src/modules/meta/meta.repository';
import { createWebDistFixture, type WebDistFixture } from '../test/web-dist';

const CONNECTIONS = 50;
const DURATION_SECONDS = 10;
const STAGES = 10;
const PLACES_PER_STAGE = 10;
const SESSION_COOKIE = 'jammy.session_token';

interface Measured {
  name: string;
  requestsPerSecond: number;
  p99Ms: number;
  p50Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
}

/** A mailer that keeps mail in memory: the bench reads the verification link from it. */
function memoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    kind: 'outbox',
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}

/** Signs a traveller up, follows the mailed verification link, returns the Cookie header. */
async function signUp(app: FastifyInstance, mailer: ReturnType<typeof memoryMailer>) {
  const email = `bench-${Date.now()}@example.com`;
  const signUpResponse = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: {
      name: 'Bench Traveller',
      email,
      password: 'correct horse battery',
      acceptTerms: true,
      callbackURL: '/itineraries',
    },
  });
  if (signUpResponse.statusCode !== 200) {
    throw new Error(`sign-up answered ${signUpResponse.statusCode}: ${signUpResponse.body}`);
  }
  const link = mailer.sent
    .filter((mail) => mail.to === email)
    .flatMap((mail) => mail.text.match(/https?:\/\/\S+verify-email\S*/g) ?? [])[0];
  if (!link) throw new Error('no verification mail');
  const url = new URL(link);
  const verified = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  const setCookie = [verified.headers['set-cookie'] ?? []].flat();
  const session = setCookie
    .map((header) => header.split(';')[0] ?? '')
    .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`));
  if (!session) throw new Error(`verification answered ${verified.statusCode} without a session`);
  return session;
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

async function load(name: string, url: string, headers: Record<string, string>) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    headers,
    workers: 1,
  });
  const measured: Measured = {
    name,
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    p50Ms: result.latency.p50,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
  return measured;
}

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

function printTable(rows: Measured[], bodyBytes: number) {
  const [jammy, bare] = rows;
  const header = ['server', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'non-2xx', 'errors'];
  const lines = rows.map((row) => [
    row.name,
    row.requestsPerSecond.toFixed(0),
    row.p50Ms.toFixed(1),
    row.p99Ms.toFixed(1),
    String(row.requests),
    String(row.non2xx),
    String(row.errors),
  ]);
  if (jammy && bare) {
    lines.push([
      'ratio Jammy/bare',
      (jammy.requestsPerSecond / bare.requestsPerSecond).toFixed(3),
      (jammy.p50Ms / bare.p50Ms).toFixed(1),
      (jammy.p99Ms / bare.p99Ms).toFixed(1),
      '',
      '',
      '',
    ]);
  }
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
    `\nGET /api/itineraries/{id}: ${STAGES} stages × ${PLACES_PER_STAGE} places, ` +
      `${bodyBytes} bytes of JSON; ${CONNECTIONS} connections, ${DURATION_SECONDS} s each\n`,
  );
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('-|-'));
  for (const line of lines) console.log(format(line));
}

async function main() {
  const started = Date.now();
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'jammy-bench-'));
  // PostgreSQL runs as its own user when we are root: it must be able to reach the folder.
  await chmod(tempDir, 0o755);
  let fixture: WebDistFixture | undefined;
  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  const bare = http.createServer();
  try {
    fixture = await createWebDistFixture();
    const config = loadConfig({
      NODE_ENV: 'production',
      // Request logging at info would write a line per request to stdout: not what we
      // measure. (At warn, stopping the embedded PostgreSQL logs one "idle database connection
      // failed" per pooled connection: db/client.ts closes the pool without waiting for them.)
      LOG_LEVEL: 'error',
      DATA_DIR: tempDir,
      WEB_DIST_DIR: fixture.dir,
    });
    const logger = createLogger(config);
    database = await openDatabase(config, logger);
    await runMigrations(database.pool);
    const mailer = memoryMailer();
    const sessionSecret = await getOrCreateSessionSecret(database.db);
    app = await buildApp({ config, database, logger, sessionSecret, buildId: 'bench', mailer });

    const cookie = await signUp(app, mailer);
    const itineraryId = await seedItinerary(app, database.db, cookie, config.baseUrl.origin);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const jammyUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/itineraries/${itineraryId}`;

    // The exact bytes Jammy answers, for the bare server to send from memory.
    const real = await fetch(jammyUrl, { headers: { cookie } });
    if (real.status !== 200) throw new Error(`GET answered ${real.status}: ${await real.text()}`);
    const body = Buffer.from(await real.arrayBuffer());
    const contentType = real.headers.get('content-type') ?? 'application/json';
    const tree = JSON.parse(body.toString('utf8')) as { stages: unknown[]; places: unknown[] };
    if (tree.stages.length !== STAGES || tree.places.length !== STAGES * PLACES_PER_STAGE) {
      throw new Error('the seeded itinerary is not complete');
    }
    bare.on('request', (_request, response) => {
      response.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
      response.end(body);
    });
    const barePort = await listen(bare);
    console.log(`set-up done in ${((Date.now() - started) / 1000).toFixed(1)} s; loading…`);

    const results = [
      await load('Jammy', jammyUrl, { cookie }),
      await load('bare node:http', `http://127.0.0.1:${barePort}/`, { cookie }),
    ];
    printTable(results, body.length);
    const failed = results.filter((row) => row.non2xx > 0 || row.errors > 0);
    if (failed.length > 0) {
      console.error(
        `\nnon-2xx answers or errors from: ${failed.map((row) => row.name).join(', ')}`,
      );
      process.exitCode = 1;
    }
  } finally {
    if (bare.listening) await new Promise((resolve) => bare.close(resolve));
    await app?.close();
    await database?.close();
    await fixture?.remove();
    await rm(tempDir, { recursive: true, force: true });
    console.log(`\ntotal ${((Date.now() - started) / 1000).toFixed(1)} s; all stopped and removed`);
  }
}

await main();
