// `npm run bench:files`: files through Jammy's storage API, side by side in one run.
//
// 1. Download throughput of one 5 MB object (`GET …/o/{path}?alt=media&token=…`) against a
//    bare node:http server sending the same file from disk with fs.createReadStream: MB/s
//    of each and the ratio.
// 2. The server's resident memory (RSS) during 10 concurrent 25 MB uploads (uploadType=media,
//    the bytes streamed from a file by a child process): baseline before, peak during. A
//    server that held each upload whole would grow by 250 MB or more.
//
// The load runs in child processes, so this process's RSS is the server's (PostgreSQL is a
// process of its own). Everything started is stopped and removed at the end.

import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { createLogger } from '../src/lib/logger';
import { getOrCreateSessionSecret } from '../src/modules/meta/meta.repository';
import { memoryMailer, signUp } from './bench-accounts';

const DOWNLOAD_BYTES = 5 * 1024 * 1024;
const DOWNLOAD_CONNECTIONS = 4;
const DOWNLOAD_SECONDS = 8;
const UPLOADS = 10;
// Under the 25 MB document limit (25 × 1024 × 1024 bytes) by one kilobyte.
const UPLOAD_BYTES = 25 * 1024 * 1024 - 1024;

/** A PDF of `size` bytes: a real header (the server sniffs it), then filler. */
async function pdfFile(file: string, size: number) {
  const head = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
  const tail = Buffer.from('\n%%EOF\n', 'latin1');
  const body = Buffer.alloc(size - head.length - tail.length, 0x20);
  for (let index = 0; index < body.length; index += 4096) body[index] = 0x0a;
  await writeFile(file, Buffer.concat([head, body, tail]));
}

/** Runs a script in a child Node process; resolves with what it printed (JSON). */
function child<T>(script: string, env: Record<string, string>): Promise<T> {
  return new Promise((resolve, reject) => {
    const process_ = spawn(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    process_.stdout.on('data', (data: Buffer) => (output += data.toString()));
    process_.on('error', reject);
    process_.on('exit', (code) => {
      if (code !== 0) reject(new Error(`a load process exited with ${code}`));
      else resolve(JSON.parse(output) as T);
    });
  });
}

// Each connection downloads the URL again and again until the time is up; bytes are counted
// and dropped as they arrive.
const DOWNLOAD_SCRIPT = `
const { URL: url, CONNECTIONS, SECONDS } = process.env;
const deadline = Date.now() + Number(SECONDS) * 1000;
let bytes = 0, requests = 0, failures = 0;
async function loop() {
  while (Date.now() < deadline) {
    const response = await fetch(url);
    if (response.status !== 200) failures += 1;
    for await (const chunk of response.body) bytes += chunk.length;
    requests += 1;
  }
}
const started = Date.now();
await Promise.all(Array.from({ length: Number(CONNECTIONS) }, loop));
console.log(JSON.stringify({ bytes, requests, failures, seconds: (Date.now() - started) / 1000 }));
`;

// UPLOADS uploads at once, each streaming the file from disk (never read whole).
const UPLOAD_SCRIPT = `
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
const { BASE, COOKIE, ORIGIN, TRIP, FILE, UPLOADS } = process.env;
const started = Date.now();
const statuses = await Promise.all(Array.from({ length: Number(UPLOADS) }, async (_, index) => {
  const name = 'itineraries/' + TRIP + '/attachments/' + crypto.randomUUID() + '/big-' + index + '.pdf';
  const response = await fetch(BASE + '/v0/b/jammy/o?uploadType=media&name=' + encodeURIComponent(name), {
    method: 'POST',
    headers: { cookie: COOKIE, origin: ORIGIN, 'content-type': 'application/pdf' },
    body: Readable.toWeb(createReadStream(FILE)),
    duplex: 'half',
  });
  await response.text();
  return response.status;
}));
console.log(JSON.stringify({ statuses, seconds: (Date.now() - started) / 1000 }));
`;

const mb = (bytes: number) => bytes / 1024 / 1024;

async function main() {
  const started = Date.now();
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'jammy-bench-files-'));
  await chmod(tempDir, 0o755);
  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  const bare = http.createServer();
  try {
    const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'error', DATA_DIR: tempDir });
    const logger = createLogger(config);
    database = await openDatabase(config, logger);
    await runMigrations(database.pool);
    const mailer = memoryMailer();
    const sessionSecret = await getOrCreateSessionSecret(database.db);
    app = await buildApp({ config, database, logger, sessionSecret, buildId: 'bench', mailer });
    const cookie = await signUp(app, mailer);
    const origin = config.baseUrl.origin;
    const created = await app.inject({
      method: 'POST',
      url: '/api/itineraries',
      headers: { cookie, origin },
      payload: { title: 'Files bench' },
    });
    if (created.statusCode !== 201) throw new Error(`create answered ${created.statusCode}`);
    const tripId = created.json<{ id: string }>().id;
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    // The 5 MB object, uploaded through the API, and its download address.
    const small = path.join(tempDir, 'five.pdf');
    await pdfFile(small, DOWNLOAD_BYTES);
    const name = `itineraries/${tripId}/attachments/bench/five.pdf`;
    const uploaded = await fetch(
      `${base}/v0/b/jammy/o?uploadType=media&name=${encodeURIComponent(name)}`,
      {
        method: 'POST',
        headers: { cookie, origin, 'content-type': 'application/pdf' },
        body: new Uint8Array(await readFile(small)),
      },
    );
    if (uploaded.status !== 200) throw new Error(`upload answered ${uploaded.status}`);
    const { downloadTokens } = (await uploaded.json()) as { downloadTokens: string };
    const token = downloadTokens.split(',')[0] ?? '';
    const jammyUrl = `${base}/v0/b/jammy/o/${encodeURIComponent(name)}?alt=media&token=${token}`;
    const check = await fetch(jammyUrl);
    const length = (await check.arrayBuffer()).byteLength;
    if (check.status !== 200 || length !== DOWNLOAD_BYTES) {
      throw new Error(`download answered ${check.status} with ${length} bytes`);
    }

    bare.on('request', (_request, response) => {
      response.writeHead(200, {
        'content-type': 'application/pdf',
        'content-length': DOWNLOAD_BYTES,
      });
      createReadStream(small).pipe(response);
    });
    bare.listen(0, '127.0.0.1');
    await new Promise((resolve) => bare.once('listening', resolve));
    const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/five.pdf`;
    console.log(`set-up done in ${((Date.now() - started) / 1000).toFixed(1)} s; loading…\n`);

    type Download = { bytes: number; requests: number; failures: number; seconds: number };
    const download = (url: string) =>
      child<Download>(DOWNLOAD_SCRIPT, {
        URL: url,
        CONNECTIONS: String(DOWNLOAD_CONNECTIONS),
        SECONDS: String(DOWNLOAD_SECONDS),
      });
    const jammy = await download(jammyUrl);
    const plain = await download(bareUrl);
    const rate = (run: Download) => mb(run.bytes) / run.seconds;
    console.log(
      `Download of a 5 MB object, ${DOWNLOAD_CONNECTIONS} connections, ${DOWNLOAD_SECONDS} s each:`,
    );
    for (const [label, run] of [
      ['Jammy (GET …?alt=media&token=…)', jammy],
      ['bare node:http (same file)     ', plain],
    ] as const) {
      console.log(
        `  ${label}  ${rate(run).toFixed(0).padStart(6)} MB/s  ${String(run.requests).padStart(5)} downloads  ${run.failures} failed`,
      );
    }
    console.log(`  ratio Jammy / bare: ${(rate(jammy) / rate(plain)).toFixed(2)}\n`);

    // RSS during 10 concurrent 25 MB uploads.
    const big = path.join(tempDir, 'big.pdf');
    await pdfFile(big, UPLOAD_BYTES);
    const bigSize = (await stat(big)).size;
    globalThis.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const timer = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const uploads = await child<{ statuses: number[]; seconds: number }>(UPLOAD_SCRIPT, {
      BASE: base,
      COOKIE: cookie,
      ORIGIN: origin,
      TRIP: tripId,
      FILE: big,
      UPLOADS: String(UPLOADS),
    });
    clearInterval(timer);
    const ok = uploads.statuses.filter((status) => status === 200).length;
    console.log(
      `${UPLOADS} concurrent uploads of ${mb(bigSize).toFixed(1)} MB (uploadType=media): ${ok} stored in ${uploads.seconds.toFixed(1)} s`,
    );
    console.log(
      `  server RSS: baseline ${mb(baseline).toFixed(0)} MB, peak ${mb(peak).toFixed(0)} MB ` +
        `(+${mb(peak - baseline).toFixed(0)} MB for ${mb(bigSize * UPLOADS).toFixed(0)} MB received)`,
    );
    if (jammy.failures > 0 || ok !== UPLOADS) {
      console.error(`\nfailures: downloads ${jammy.failures}, uploads ${UPLOADS - ok}`);
      process.exitCode = 1;
    }
  } finally {
    if (bare.listening) await new Promise((resolve) => bare.close(resolve));
    await app?.close();
    await database?.close();
    await rm(tempDir, { recursive: true, force: true });
    console.log(`\ntotal ${((Date.now() - started) / 1000).toFixed(1)} s; all stopped and removed`);
  }
}

await main();
