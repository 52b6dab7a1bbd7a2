import { Worker } from 'node:worker_threads';
import type { ErrorCode } from '@jammy/shared/errors';
import type { ImportContent, ImportFormat } from '@jammy/shared/imports';
import { AppError } from '../../lib/errors';
import { unreadable } from './import-text';
import type { ReadOptions } from './imports.service';

/** One file to read, as the reader's thread receives it. */
export interface ReadRequest {
  id: number;
  format: ImportFormat | 'xml';
  bytes: Uint8Array;
  options: ReadOptions;
}

/** What the thread answers: the content, a refusal (an AppError's parts), or a failure. */
export type ReadReply =
  | { id: number; content: ImportContent }
  | { id: number; refused: { code: ErrorCode; message: string; details?: unknown } }
  | { id: number; failed: string };

export interface ImportReader {
  /** What `readImport` answers for the file, read on the reader's thread. */
  read(
    format: ImportFormat | 'xml',
    bytes: Uint8Array,
    options: ReadOptions,
  ): Promise<ImportContent>;
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
  let nextId = 1;
  let closed = false;

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

  function spawn(): Worker {
    const started = startThread(maxMemoryMb);
    started.on('message', (reply: ReadReply) => {
      const job = reply.id === current?.request.id ? settle() : null;
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
    thread ??= spawn();
    const reading = thread;
    timer = setTimeout(() => {
      lose(reading, unreadable('file', `takes longer than ${timeoutMs / 1000} s to read`));
    }, timeoutMs);
    reading.postMessage(job.request);
  }

  return {
    read(format, bytes, readOptions) {
      if (closed) return Promise.reject(new Error('The import reader is closed'));
      return new Promise((resolve, reject) => {
        waiting.push({
          request: { id: nextId++, format, bytes, options: readOptions },
          resolve,
          reject,
        });
        pump();
      });
    },
    async close() {
      closed = true;
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
