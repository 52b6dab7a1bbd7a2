import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { ErrorCode } from '@jammy/shared/errors';
import type { ImportContent, ImportFormat } from '@jammy/shared/imports';
import { AppError } from '../../lib/errors';
import { unreadable } from './import-text';
import type { ReadOptions } from './read-import';

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
   * What `readImport` answers for the file, read on a reader's thread; or, when the same
   * person sent the same file with the same options lately (a preview, then its commit), what
   * the thread answered then. Refused at once (429) when the person has as many files waiting
   * or being read as one may, or (503) when the queue is full. Dropped, with the signal's
   * reason, when `signal` aborts (the client has gone): unread if it still waits, its reading
   * stopped if it has begun.
   */
  read(
    who: string,
    format: ImportFormat | 'xml',
    bytes: Uint8Array,
    options: ReadOptions,
    signal?: AbortSignal,
  ): Promise<ImportContent>;
  /** How many files the threads have read (the remembered ones are not read again). */
  readonly threadReads: number;
  /** Files waiting for a thread, and files being read now (the metrics' queue depth). */
  depth(): { waiting: number; reading: number };
  /** Stops the threads; files still waiting are refused. */
  close(): Promise<void>;
}

export interface ImportReaderOptions {
  /** The most heap a thread may use; a file that needs more is refused (400). */
  maxMemoryMb?: number;
  /** The longest one file may take; a file that takes longer is refused (400). */
  timeoutMs?: number;
  /** Files one person may have waiting or being read at once; more are refused (429). */
  perPerson?: number;
  /** Files that may wait for a thread, everyone's together; more are refused (503). */
  waiting?: number;
}

/** Enough for the largest GPX an import takes (5 MB of track points: about 200 MB of DOM). */
const MAX_MEMORY_MB = 512;
const TIMEOUT_MS = 60_000;
/** A file read is remembered this long for the same person (its preview, then its commit)… */
const REMEMBER_MS = 10 * 60_000;
/** …and at most this many files are (the content of one is at most about a megabyte). */
const REMEMBERED = 16;
/** A preview and its commit, and a file or two more: a person's files in the queue at once. */
const PER_PERSON = 3;
/**
 * Files waiting for a thread, everyone's together. Each holds its bytes (up to 5 MB) while it
 * waits, and more would wait longer than the web client waits for an answer (30 s).
 */
const WAITING = 20;
/** A person's file is done in seconds: ask again after about that long. */
const PER_PERSON_RETRY_S = 10;
/** A full queue takes longer to drain. */
const FULL_RETRY_S = 30;
/**
 * A file this small (not a KMZ, whose unpacked size is unknown) reads in a fraction of a
 * second: it may use the second thread, which big files never hold.
 */
const SMALL_FILE_BYTES = 256 * 1024;

interface Job {
  who: string;
  request: ReadRequest;
  small: boolean;
  resolve: (content: ImportContent) => void;
  reject: (error: unknown) => void;
  /** Stops listening to the client's signal, once the job is settled. */
  release: () => void;
}

/** A thread of its own and the file it reads. */
interface Lane {
  /** The lane that takes small files only: a small file never waits behind a big one. */
  smallOnly: boolean;
  thread: Worker | null;
  current: Job | null;
  timer: NodeJS.Timeout | undefined;
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
 * Reads imported files on threads of their own: a big GPX or KML takes seconds of parsing,
 * during which the server's own thread goes on answering everyone else. One thread reads any
 * file, one at a time; a second reads small files only, so that a small file is never stuck
 * behind big ones. People take turns: when a thread is free it reads the oldest file of the
 * person whose file it started longest ago (someone who has had none read goes first), so one
 * person's many files do not hold up anyone else's. A person may have a few files in the queue
 * at once, and the queue is bounded; a file whose client has gone is dropped unread. A file
 * that makes a thread run out of memory or time is refused and the thread is replaced; the
 * server is never at risk.
 */
export function createImportReader(options: ImportReaderOptions = {}): ImportReader {
  const maxMemoryMb = options.maxMemoryMb ?? MAX_MEMORY_MB;
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  const perPerson = options.perPerson ?? PER_PERSON;
  const waitingLimit = options.waiting ?? WAITING;
  // Small files first try the lane meant for them, leaving the other free for a big one.
  const lanes: Lane[] = [
    { smallOnly: true, thread: null, current: null, timer: undefined },
    { smallOnly: false, thread: null, current: null, timer: undefined },
  ];
  /** Files waiting for a thread, by person, each person's in the order they came. */
  const waiting = new Map<string, Job[]>();
  let waitingCount = 0;
  /** Files waiting or being read, by person. */
  const inQueue = new Map<string, number>();
  /** When each person with files in the queue last had one started (a counter, not a time). */
  const lastStarted = new Map<string, number>();
  let starts = 0;
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

  /** The job leaves the queue (read, refused or dropped): its person's place is free again. */
  function leave(job: Job): void {
    job.release();
    const left = (inQueue.get(job.who) ?? 1) - 1;
    if (left > 0) {
      inQueue.set(job.who, left);
    } else {
      inQueue.delete(job.who);
      lastStarted.delete(job.who);
    }
  }

  /** The next file this lane may read: the oldest of the person served longest ago. */
  function take(lane: Lane): Job | undefined {
    let chosen: { who: string; jobs: Job[]; index: number; started: number } | undefined;
    for (const [who, jobs] of waiting) {
      const index = lane.smallOnly ? jobs.findIndex((job) => job.small) : 0;
      if (index === -1) continue;
      const started = lastStarted.get(who) ?? -1;
      if (!chosen || started < chosen.started) chosen = { who, jobs, index, started };
    }
    if (!chosen) return undefined;
    const [job] = chosen.jobs.splice(chosen.index, 1);
    if (chosen.jobs.length === 0) waiting.delete(chosen.who);
    waitingCount -= 1;
    starts += 1;
    lastStarted.set(chosen.who, starts);
    return job;
  }

  function settle(lane: Lane): Job | null {
    clearTimeout(lane.timer);
    const job = lane.current;
    lane.current = null;
    if (job) leave(job);
    return job;
  }

  /** The lane's thread is gone (out of memory or time, or its client left): its file is refused. */
  function lose(lane: Lane, stopped: Worker, refusal: unknown): void {
    if (lane.thread !== stopped) return;
    lane.thread = null;
    stopped.removeAllListeners();
    void stopped.terminate();
    settle(lane)?.reject(refusal);
    pump();
  }

  function startClock(lane: Lane, reading: Worker): void {
    clearTimeout(lane.timer);
    lane.timer = setTimeout(() => {
      lose(lane, reading, unreadable('file', `takes longer than ${timeoutMs / 1000} s to read`));
    }, timeoutMs);
  }

  function spawn(lane: Lane): Worker {
    const started = startThread(maxMemoryMb);
    started.on('message', (message: ThreadMessage) => {
      if ('ready' in message) {
        // The file's time starts once the thread can read it.
        if (lane.current) startClock(lane, started);
        return;
      }
      // One file at a time, and a stopped thread is heard no more: this answers the current one.
      const reply = message;
      const job = settle(lane);
      if (!job) return;
      if ('content' in reply) job.resolve(reply.content);
      else if ('refused' in reply) {
        job.reject(new AppError(reply.refused.code, reply.refused.message, reply.refused.details));
      } else job.reject(new Error(reply.failed));
      pump();
    });
    started.on('error', (error: Error & { code?: string }) => {
      lose(
        lane,
        started,
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? unreadable('file', `needs more than the ${maxMemoryMb} MB an import may use to be read`)
          : error,
      );
    });
    started.on('exit', () => lose(lane, started, new Error('The import reader stopped')));
    // An idle thread does not keep the process alive.
    started.unref();
    return started;
  }

  function pump(): void {
    if (closed) return;
    for (const lane of lanes) {
      if (lane.current) continue;
      const job = take(lane);
      if (!job) continue;
      lane.current = job;
      threadReads += 1;
      lane.thread ??= spawn(lane);
      // A thread that is still starting gets as long to start, then as long again to read.
      startClock(lane, lane.thread);
      lane.thread.postMessage(job.request);
    }
  }

  /** The client has gone: a waiting file leaves the queue unread, a file being read is stopped. */
  function drop(job: Job, reason: unknown): void {
    const lane = lanes.find((candidate) => candidate.current === job);
    if (lane?.thread) {
      lose(lane, lane.thread, reason);
      return;
    }
    const jobs = waiting.get(job.who);
    const index = jobs?.indexOf(job) ?? -1;
    if (!jobs || index === -1) return;
    jobs.splice(index, 1);
    if (jobs.length === 0) waiting.delete(job.who);
    waitingCount -= 1;
    leave(job);
    job.reject(reason);
  }

  function admit(who: string): void {
    if ((inQueue.get(who) ?? 0) >= perPerson) {
      throw new AppError(
        'import/too-many',
        `You have ${perPerson} files being imported already: wait for one to finish`,
        undefined,
        { retryAfterSeconds: PER_PERSON_RETRY_S },
      );
    }
    if (waitingCount >= waitingLimit) {
      throw new AppError(
        'service/unavailable',
        'Too many files are waiting to be imported: try again shortly',
        undefined,
        { retryAfterSeconds: FULL_RETRY_S },
      );
    }
  }

  return {
    async read(who, format, bytes, readOptions, signal) {
      if (closed) throw new Error('The import reader is closed');
      signal?.throwIfAborted();
      const key = keyOf(who, format, bytes, readOptions);
      const known = recall(key);
      if (known) return known;
      admit(who);
      const content = await new Promise<ImportContent>((resolve, reject) => {
        const onAbort = () => drop(job, signal?.reason);
        const job: Job = {
          who,
          request: { format, bytes, options: readOptions },
          small: format !== 'kmz' && bytes.length <= SMALL_FILE_BYTES,
          resolve,
          reject,
          release: () => signal?.removeEventListener('abort', onAbort),
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        inQueue.set(who, (inQueue.get(who) ?? 0) + 1);
        const jobs = waiting.get(who) ?? [];
        jobs.push(job);
        waiting.set(who, jobs);
        waitingCount += 1;
        pump();
      });
      remember(key, content);
      return content;
    },
    get threadReads() {
      return threadReads;
    },
    depth() {
      return {
        waiting: waitingCount,
        reading: lanes.filter((lane) => lane.current !== null).length,
      };
    },
    async close() {
      closed = true;
      remembered.clear();
      const refused = new Error('The import reader is closed');
      for (const jobs of waiting.values()) {
        for (const job of jobs) {
          job.release();
          job.reject(refused);
        }
      }
      waiting.clear();
      waitingCount = 0;
      const stopping: Worker[] = [];
      for (const lane of lanes) {
        settle(lane)?.reject(refused);
        if (lane.thread) {
          lane.thread.removeAllListeners();
          stopping.push(lane.thread);
          lane.thread = null;
        }
      }
      inQueue.clear();
      lastStarted.clear();
      await Promise.all(stopping.map((thread) => thread.terminate()));
    },
  };
}
