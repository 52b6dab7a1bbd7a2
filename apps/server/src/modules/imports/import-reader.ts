import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { ErrorCode } from '@jammy/shared/errors';
import type { ImportContent, ImportFormat } from '@jammy/shared/imports';
import { AppError } from '../../lib/errors';
import { unreadable } from './import-text';
import type { ReadOptions } from './imports.service';

/** One file to read, as the reader's thread receives it. */
export interface ReadRequest {
  format: ImportFormat | 'xml';
  bytes: Uint8Array;
  options: ReadOptions;
}

/** What the thread answers: the content, a refusal (an AppError's parts), or a failure. */
export type ReadReply =
  | { content: ImportContent }
  | { refused: { code: ErrorCode; message: string; details?: unknown } }
  | { failed: string };

/** What the thread sends: that it is ready (once, when it has loaded), then its replies. */
export type ThreadMessage = ReadReply | { ready: true };

export interface ImportReader {
  /**
   * What `readImport` answers for the file, read on the reader's thread; or, when the same
   * person sent the same file with the same options lately (a preview, then its commit), what
   * the thread answered then.
   */
  read(
    who: string,
    format: ImportFormat | 'xml',
    bytes: Uint8Array,
    options: ReadOptions,
  ): Promise<ImportContent>;
  /** How many files the thread has read (the remembered ones are not read again). */
  readonly threadReads: number;
  /** Stops the thread; files still waiting are refused. */
  close(): Promise<void>;
}

export interface ImportReaderOptions {
  /** The most heap the thread may use; a file that needs more is refused (400). */
  maxMemoryMb?: number;
  /** The longest one file may take; a file that takes longer is refused (400). */
  timeoutMs?: number;
}

/** Enough for the largest GPX an import takes (5 MB of track points: about 200 MB of DOM). */
const MAX_MEMORY_MB = 512;
const TIMEOUT_MS = 60_000;
/** A file read is remembered this long for the same person (its preview, then its commit)… */
const REMEMBER_MS = 10 * 60_000;
/** …and at most this many files are (the content of one is at most about a megabyte). */
const REMEMBERED = 16;

interface Job {
  request: ReadRequest;
  resolve: (content: ImportContent) => void;
  reject: (error: Error) => void;
}

/**
 * The thread that reads the sources (run by tsx or Vitest) is TypeScript too: it registers
 * tsx before loading them. The built server runs `read-worker.js`, built beside `main.js`.
 */
function startThread(maxMemoryMb: number): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: maxMemoryMb };
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    const source = JSON.stringify(new URL('./read-worker.ts', here).href);
    return new Worker(
      `import('tsx/esm/api').then(({ register }) => { register(); return import(${source}); });`,
      { eval: true, resourceLimits },
    );
  }
  return new Worker(new URL('./read-worker.js', here), { resourceLimits });
}

/**
 * Reads imported files on a thread of their own, one at a time in the order they came: a big
 * GPX or KML takes seconds of parsing, during which the server's own thread goes on answering
 * everyone else. A file that makes the thread run out of memory or time is refused and the
 * thread is replaced; the server is never at risk.
 */
export function createImportReader(options: ImportReaderOptions = {}): ImportReader {
  const maxMemoryMb = options.maxMemoryMb ?? MAX_MEMORY_MB;
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  const waiting: Job[] = [];
  let thread: Worker | null = null;
  let current: Job | null = null;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let threadReads = 0;
  /** Contents by their person, format, options and bytes; oldest first. */
  const remembered = new Map<string, { content: ImportContent; until: number }>();

  function keyOf(who: string, format: string, bytes: Uint8Array, readOptions: ReadOptions) {
    return createHash('sha256')
      .update(JSON.stringify([who, format, readOptions]))
      .update(bytes)
      .digest('base64');
  }

  function remember(key: string, content: ImportContent): void {
    remembered.delete(key);
    remembered.set(key, { content, until: Date.now() + REMEMBER_MS });
    for (const oldest of remembered.keys()) {
      if (remembered.size <= REMEMBERED) break;
      remembered.delete(oldest);
    }
  }

  function recall(key: string): ImportContent | undefined {
    const entry = remembered.get(key);
    if (!entry) return undefined;
    remembered.delete(key);
    if (entry.until <= Date.now()) return undefined;
    remembered.set(key, entry);
    return entry.content;
  }

  function settle(): Job | null {
    clearTimeout(timer);
    const job = current;
    current = null;
    return job;
  }

  /** The thread is gone (ran out of memory, or was stopped): the file it read is refused. */
  function lose(stopped: Worker, refusal: AppError | Error): void {
    if (thread !== stopped) return;
    thread = null;
    stopped.removeAllListeners();
    void stopped.terminate();
    settle()?.reject(refusal);
    pump();
  }

  function startClock(reading: Worker): void {
    clearTimeout(timer);
    timer = setTimeout(() => {
      lose(reading, unreadable('file', `takes longer than ${timeoutMs / 1000} s to read`));
    }, timeoutMs);
  }

  function spawn(): Worker {
    const started = startThread(maxMemoryMb);
    started.on('message', (message: ThreadMessage) => {
      if ('ready' in message) {
        // The file's time starts once the thread can read it.
        if (current) startClock(started);
        return;
      }
      // One file at a time, and a stopped thread is heard no more: this answers the current one.
      const reply = message;
      const job = settle();
      if (!job) return;
      if ('content' in reply) job.resolve(reply.content);
      else if ('refused' in reply) {
        job.reject(new AppError(reply.refused.code, reply.refused.message, reply.refused.details));
      } else job.reject(new Error(reply.failed));
      pump();
    });
    started.on('error', (error: Error & { code?: string }) => {
      lose(
        started,
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? unreadable('file', `needs more than the ${maxMemoryMb} MB an import may use to be read`)
          : error,
      );
    });
    started.on('exit', () => lose(started, new Error('The import reader stopped')));
    // An idle thread does not keep the process alive.
    started.unref();
    return started;
  }

  function pump(): void {
    if (current || closed) return;
    const job = waiting.shift();
    if (!job) return;
    current = job;
    threadReads += 1;
    thread ??= spawn();
    // A thread that is still starting gets as long to start, then as long again to read.
    startClock(thread);
    thread.postMessage(job.request);
  }

  return {
    async read(who, format, bytes, readOptions) {
      if (closed) throw new Error('The import reader is closed');
      const key = keyOf(who, format, bytes, readOptions);
      const known = recall(key);
      if (known) return known;
      const content = await new Promise<ImportContent>((resolve, reject) => {
        waiting.push({
          request: { format, bytes, options: readOptions },
          resolve,
          reject,
        });
        pump();
      });
      remember(key, content);
      return content;
    },
    get threadReads() {
      return threadReads;
    },
    async close() {
      closed = true;
      remembered.clear();
      const refused = new Error('The import reader is closed');
      for (const job of waiting.splice(0)) job.reject(refused);
      settle()?.reject(refused);
      const stopping = thread;
      thread = null;
      if (stopping) {
        stopping.removeAllListeners();
        await stopping.terminate();
      }
    },
  };
}
