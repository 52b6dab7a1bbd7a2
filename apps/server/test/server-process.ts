import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const SHARED_SRC = path.join(SERVER_DIR, '..', '..', 'packages', 'shared', 'src');
export const BUILT_MAIN = path.join(SERVER_DIR, 'dist', 'main.js');

/** Builds dist/main.js (build.mjs) when it is missing or older than a source file. */
export function ensureServerBuilt(): void {
  if (existsSync(BUILT_MAIN)) {
    const built = statSync(BUILT_MAIN).mtimeMs;
    const sources = [path.join(SERVER_DIR, 'src'), SHARED_SRC];
    if (sources.every((dir) => newestSourceMtime(dir) <= built)) return;
  }
  const result = spawnSync(process.execPath, ['build.mjs'], { cwd: SERVER_DIR, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`node build.mjs failed (${result.status}):\n${result.stdout}${result.stderr}`);
  }
}

function newestSourceMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSourceMtime(full));
    else if (/\.(ts|sql|json)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
      newest = Math.max(newest, statSync(full).mtimeMs);
    }
  }
  return newest;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A running `node dist/main.js`, with its output kept for failure messages. */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  exited: Promise<Exit>;
  output(): string;
}

/**
 * Starts the built server with only the given environment (plus PATH and HOME). `nodeArgs`
 * go before the script (e.g. `--expose-gc`); `ipc` opens a message channel to the child.
 */
export function startServer(
  port: number,
  env: Record<string, string>,
  options: { nodeArgs?: string[]; ipc?: boolean } = {},
): ServerProcess {
  let output = '';
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), BUILT_MAIN], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? '/root',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: options.ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, port, exited, output: () => output };
}

/** Polls GET /api/health until it answers 200; fails early if the process exits. */
export async function waitForHealthy(server: ServerProcess, timeoutMs: number): Promise<unknown> {
  const deadline = Date.now() + timeoutMs;
  let exit: Exit | undefined;
  void server.exited.then((value) => (exit = value));
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (exit) {
      throw new Error(
        `server exited (${JSON.stringify(exit)}) before healthy:\n${server.output()}`,
      );
    }
    try {
      const response = await fetch(`http://127.0.0.1:${server.port}/api/health`);
      const body: unknown = await response.json();
      if (response.status === 200) return body;
      last = `${response.status} ${JSON.stringify(body)}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`not healthy after ${timeoutMs} ms (${last}):\n${server.output()}`);
}

/** Sends SIGTERM and waits for the exit, or gives `undefined` after `timeoutMs`. */
export async function terminate(
  server: ServerProcess,
  timeoutMs: number,
): Promise<Exit | undefined> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.exited;
  server.child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), timeoutMs);
  });
  try {
    return await Promise.race([server.exited, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Last resort in afterAll: a server still running after its test is killed outright. */
export function killIfRunning(server: ServerProcess | undefined): void {
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGKILL');
  }
}

/** Pids of postgres processes whose command line names `dataDir` (read from /proc). */
export function postgresProcessesFor(dataDir: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').join(' ');
      if (cmdline.includes('postgres') && cmdline.includes(dataDir)) pids.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}

/** The connection string of the embedded PostgreSQL a running server started for `dataDir`. */
export async function embeddedDatabaseUrl(dataDir: string): Promise<string> {
  const postgresDir = path.join(dataDir, 'postgres');
  const lock = await readFile(path.join(postgresDir, 'cluster', 'postmaster.pid'), 'utf8');
  const port = Number(lock.split('\n')[3]);
  const password = (await readFile(path.join(postgresDir, 'password'), 'utf8')).trim();
  return `postgres://jammy:${password}@127.0.0.1:${port}/postgres`;
}
