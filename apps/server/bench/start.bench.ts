// `npm run bench:start`: how long the built server (node dist/main.js) takes from its process
// starting to answer GET /api/health/ready with 200, on a data folder it has used before (its
// embedded PostgreSQL's cluster initialised, every migration applied): what a restart costs.
// Side by side, in the same run, a bare node:http process started the same way until it
// answers (the floor of any Node server here). Each is started START_RUNS times (3) and the
// median printed, with the CPU time the server process had used when it was ready (less
// sensitive than the wall clock to other work on the machine) and how long its embedded
// PostgreSQL took to start (its own log line), and the phases of the start as the server logs
// them when ready (modules, database, migrations, rows, app, listen). Issue 34's target: ≤ 2 s to ready.

import { spawn } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../test/ports';
import {
  ensureServerBuilt,
  killIfRunning,
  startServer,
  terminate,
  waitForHealthy,
  type ServerProcess,
} from '../test/server-process';
import { createWebDistFixture } from '../test/web-dist';

const RUNS = Number(process.env.START_RUNS ?? 3);
const TARGET_MS = 2000;
const POLL_MS = 10;

/** Polls `url` until it answers 200; answers the milliseconds since `since`. */
async function until200(url: string, since: number, timeoutMs = 60_000): Promise<number> {
  for (;;) {
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - since;
    } catch {
      // Not listening yet.
    }
    if (performance.now() - since > timeoutMs) throw new Error(`${url} never answered 200`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

interface LogLine {
  msg?: string;
  ms?: number;
  phases?: Record<string, number>;
}

/** The server's log line with `message`. */
function logged(output: string, message: string): LogLine | undefined {
  return output
    .split('\n')
    .filter((text) => text.startsWith('{'))
    .map((text) => JSON.parse(text) as LogLine)
    .find((entry) => entry.msg === message);
}

/** `name +ms` for each phase of the start, the time each took after the one before. */
function phaseText(phases: Record<string, number>): string {
  let before = 0;
  return Object.entries(phases)
    .map(([name, at]) => {
      const text = `${name} +${at - before}`;
      before = at;
      return text;
    })
    .join(', ');
}

/** The CPU time (user and system) a process has used, in milliseconds (Linux: 100 ticks/s). */
async function cpuMsOf(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main() {
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'jammy-bench-start-'));
  await chmod(tempDir, 0o755);
  const fixture = await createWebDistFixture();
  let server: ServerProcess | undefined;
  try {
    ensureServerBuilt();
    const env = {
      DATA_DIR: tempDir,
      WEB_DIST_DIR: fixture.dir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
    };
    // The first start initialises the cluster and applies the migrations: not what is measured.
    const first = startServer(await freePort(), env);
    server = first;
    await waitForHealthy(first, 120_000);
    await terminate(first, 20_000);

    const bareScript = path.join(tempDir, 'bare.mjs');
    await writeFile(
      bareScript,
      "import http from 'node:http';\n" +
        "http.createServer((_, res) => res.end('ok')).listen(Number(process.env.PORT), '127.0.0.1');\n",
    );
    const jammy: number[] = [];
    const cpu: number[] = [];
    const bare: number[] = [];
    const postgres: number[] = [];
    const phaseRuns: Record<string, number>[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      const port = await freePort();
      const started = performance.now();
      server = startServer(port, env);
      jammy.push(await until200(`http://127.0.0.1:${port}/api/health/ready`, started));
      cpu.push(await cpuMsOf(server.child.pid ?? 0));
      const postgresMs = logged(server.output(), 'embedded PostgreSQL started')?.ms;
      if (postgresMs !== undefined) postgres.push(postgresMs);
      const phases = logged(server.output(), 'Jammy is ready')?.phases;
      if (phases) phaseRuns.push(phases);
      await terminate(server, 20_000);

      const barePort = await freePort();
      const bareStarted = performance.now();
      const child = spawn(process.execPath, [bareScript], {
        env: { PORT: String(barePort) },
        stdio: 'ignore',
      });
      bare.push(await until200(`http://127.0.0.1:${barePort}/`, bareStarted));
      child.kill('SIGTERM');
      console.log(
        `run ${run}: ready in ${jammy.at(-1)?.toFixed(0)} ms, ${cpu.at(-1)} ms of CPU (embedded ` +
          `PostgreSQL started in ${postgresMs ?? '?'} ms); bare node:http answered in ${bare.at(-1)?.toFixed(0)} ms` +
          (phases ? `\n  phases, ms since the process began: ${phaseText(phases)}` : ''),
      );
    }
    const ready = median(jammy);
    console.log(
      `\ncold start on an existing data folder, median of ${RUNS}: ready in ${ready.toFixed(0)} ms ` +
        `(${median(cpu).toFixed(0)} ms of CPU; embedded PostgreSQL started in ${median(postgres).toFixed(0)} ms), bare node:http ` +
        `${median(bare).toFixed(0)} ms (${(ready / median(bare)).toFixed(1)}× bare); ` +
        `target ≤ ${TARGET_MS} ms: ${ready <= TARGET_MS ? 'met' : 'MISSED'}`,
    );
    const names = Object.keys(phaseRuns[0] ?? {});
    if (names.length > 0) {
      const medians = Object.fromEntries(
        names.map((name) => [name, median(phaseRuns.map((phases) => phases[name] ?? 0))]),
      );
      console.log(`phases, median of each (ms since the process began): ${phaseText(medians)}`);
    }
    if (ready > TARGET_MS) process.exitCode = 1;
  } finally {
    if (server) {
      await terminate(server, 20_000);
      killIfRunning(server);
    }
    await fixture.remove();
    await rm(tempDir, { recursive: true, force: true });
  }
}

await main();
