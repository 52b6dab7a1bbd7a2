// npm run bench:web — Lighthouse (mobile preset, performance) on the landing page, the list of
// trips and a trip, served by the real server from the built web app (apps/web/dist) on an
// embedded PostgreSQL; the signed-in pages with a traveller's session cookie.
//
//   npm run bench:web                       one run a page
//   LIGHTHOUSE_RUNS=3 npm run bench:web     the median of three
//   LIGHTHOUSE_REPORTS=<folder> npm run bench:web   also saves each run's report (HTML, JSON)
//   LIGHTHOUSE_TRACES=1 (with REPORTS)      and each run's trace, for Chromium's Performance panel
//   LIGHTHOUSE_PAGES=/itineraries,/itinerary/{id}   only these pages
//   LIGHTHOUSE_SERVING=h2 (or h1)           only over HTTP/2 (or HTTP/1.1)
//
// Each page is measured twice, side by side: over HTTPS with HTTP/2, through a reverse proxy
// (`https-proxy.ts`), as a deployment serves it, and over plain HTTP/1.1 from the server alone,
// as `npm start` does on a laptop. Lighthouse simulates the network from what it saw: over
// HTTP/1.1 every file waits for one of six connections and pays its own round trips, over
// HTTP/2 the files share one connection. The proxy's certificate needs `openssl`.
//
// Chromium is Debian's (or CHROME_PATH). Lighthouse's mobile preset slows the CPU four times
// and the network to a slow 4G: the scores say how a mid-range phone would fare, on whatever
// this machine is doing at the same time (a busy machine lowers them).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import lighthouse from 'lighthouse';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { createLogger } from '../src/lib/logger';
import { getOrCreateSessionSecret } from '../src/modules/meta/meta.repository';
import { memoryMailer, signUp } from './bench-accounts';
import { startHttpsProxy, type HttpsProxy } from './https-proxy';

const WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));

interface Scores {
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
}

/** Debian's Chromium with its DevTools port; answers the port once it listens. */
async function launchChromium(
  profile: string,
  extraSwitches: string[],
): Promise<{ port: number; process: ChildProcess }> {
  const chromium = spawn(
    process.env.CHROME_PATH ?? '/usr/bin/chromium',
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      ...extraSwitches,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let seen = '';
    chromium.stderr?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(seen);
      if (match) resolve(Number(match[1]));
    });
    chromium.once('exit', (code) => reject(new Error(`Chromium exited (${code}): ${seen}`)));
  });
  return { port, process: chromium };
}

const REPORTS = process.env.LIGHTHOUSE_REPORTS;

async function audit(
  url: string,
  port: number,
  cookie: string | null,
  reportName: string,
  retried = false,
): Promise<Scores> {
  const result = await lighthouse(url, {
    port,
    output: 'html',
    logLevel: 'error',
    onlyCategories: ['performance'],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no report for ${url}`);
  if (lhr.runtimeError) {
    // Lighthouse's own advice for a trace it failed to record: run it again (once).
    if (lhr.runtimeError.code === 'NO_NAVSTART' && !retried) {
      console.warn(`${url}: ${lhr.runtimeError.code}, measured again`);
      return audit(url, port, cookie, reportName, true);
    }
    throw new Error(`${url}: ${lhr.runtimeError.message}`);
  }
  if (REPORTS) {
    await mkdir(REPORTS, { recursive: true });
    await writeFile(path.join(REPORTS, `${reportName}.html`), String(result.report));
    await writeFile(path.join(REPORTS, `${reportName}.json`), JSON.stringify(lhr));
    if (process.env.LIGHTHOUSE_TRACES === '1') {
      await writeFile(
        path.join(REPORTS, `${reportName}.trace.json`),
        JSON.stringify(result.artifacts.Trace),
      );
    }
  }
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: metric('first-contentful-paint'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    speedIndexMs: metric('speed-index'),
  };
}

/** The run with the median performance score. */
function median(runs: Scores[]): Scores {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor(sorted.length / 2)] as Scores;
}

async function seedTrip(app: FastifyInstance, cookie: string, origin: string): Promise<string> {
  const post = async (url: string, payload: object) => {
    const response = await app.inject({
      method: 'POST',
      url,
      headers: { cookie, origin },
      payload,
    });
    if (response.statusCode !== 201) {
      throw new Error(`POST ${url} answered ${response.statusCode}: ${response.body}`);
    }
    return response.json<{ id: string }>().id;
  };
  const id = await post('/api/itineraries', {
    title: 'Portugal in spring',
    description: 'Lisbon, Porto and the Douro',
    startDate: '2027-05-01',
    endDate: '2027-05-10',
  });
  const cities = [
    { name: 'Lisbon', lat: 38.7223, lng: -9.1393 },
    { name: 'Porto', lat: 41.1496, lng: -8.611 },
    { name: 'Pinhão', lat: 41.1906, lng: -7.5464 },
  ];
  for (const city of cities) {
    const stageId = await post(`/api/itineraries/${id}/stages`, {
      title: city.name,
      destinationName: city.name,
      lat: city.lat,
      lng: city.lng,
      countryCode: 'PT',
    });
    for (let index = 1; index <= 5; index += 1) {
      await post(`/api/itineraries/${id}/places`, {
        stageId,
        name: `${city.name} place ${index}`,
        category: 'sight',
        lat: city.lat + index / 200,
        lng: city.lng + index / 200,
      });
    }
  }
  return id;
}

async function main() {
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error('The web app is not built: npm run build first (bench:web does)');
  }
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'jammy-bench-web-'));
  // PostgreSQL runs as its own user when we are root: it must be able to reach the folder.
  await chmod(tempDir, 0o755);
  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  let chromium: ChildProcess | undefined;
  let proxy: HttpsProxy | undefined;
  try {
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      DATA_DIR: tempDir,
      WEB_DIST_DIR: WEB_DIST,
    });
    const logger = createLogger(config);
    database = await openDatabase(config, logger);
    await runMigrations(database.pool);
    const mailer = memoryMailer();
    const sessionSecret = await getOrCreateSessionSecret(database.db);
    app = await buildApp({ config, database, logger, sessionSecret, buildId: 'bench', mailer });
    const cookie = await signUp(app, mailer);
    const tripId = await seedTrip(app, cookie, config.baseUrl.origin);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('The server has no port');
    const plain = `http://127.0.0.1:${address.port}`;
    // What a deployment serves (README, "Deploy"): HTTPS with HTTP/2 from the reverse proxy.
    proxy = await startHttpsProxy(plain, tempDir);

    const launched = await launchChromium(path.join(tempDir, 'chromium'), [proxy.chromiumSwitch]);
    chromium = launched.process;
    const servings = [
      { name: 'HTTPS, HTTP/2 (proxy)', base: proxy.origin, id: 'h2' },
      { name: 'HTTP/1.1 (server alone)', base: plain, id: 'h1' },
    ].filter((serving) => [undefined, serving.id].includes(process.env.LIGHTHOUSE_SERVING));
    const only = process.env.LIGHTHOUSE_PAGES?.split(',');
    const pages = [
      // The remembered language, so / answers at once instead of redirecting.
      { name: '/', path: '/', cookie: 'i18n_redirected=en' },
      { name: '/itineraries', path: '/itineraries', cookie },
      { name: '/itinerary/{id}', path: `/itinerary/${tripId}`, cookie },
    ].filter((page) => !only || only.includes(page.name));
    const rows: string[] = [];
    for (const page of pages) {
      for (const serving of servings) {
        const runs: Scores[] = [];
        for (let run = 0; run < RUNS; run += 1) {
          const reportName =
            `${page.name.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}-` +
            `${serving.id}-${run + 1}`;
          runs.push(await audit(serving.base + page.path, launched.port, page.cookie, reportName));
        }
        const scores = median(runs);
        const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
        rows.push(
          `| ${page.name} | ${serving.name} | ${scores.performance} | ${seconds(scores.fcpMs)} | ` +
            `${seconds(scores.lcpMs)} | ${Math.round(scores.tbtMs)} ms | ${scores.cls.toFixed(3)} | ` +
            `${seconds(scores.speedIndexMs)} | ${runs.map((r) => r.performance).join(', ')} |`,
        );
      }
    }
    console.log(
      [
        `Lighthouse ${RUNS === 1 ? 'one run' : `median of ${RUNS} runs`} a page, mobile preset ` +
          `(4× CPU slowdown, slow 4G), ${os.cpus().length} cores, load average ` +
          `${os.loadavg()[0]?.toFixed(1)}`,
        '',
        '| page | served over | performance | FCP | LCP | TBT | CLS | Speed Index | runs |',
        '|---|---|---|---|---|---|---|---|---|',
        ...rows,
      ].join('\n'),
    );
  } finally {
    chromium?.kill();
    await proxy?.close();
    await app?.close();
    await database?.close();
    await rm(tempDir, { recursive: true, force: true });
  }
}

await main();
