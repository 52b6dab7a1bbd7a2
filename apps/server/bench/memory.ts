import { readFile } from 'node:fs/promises';
import type { ServerProcess } from '../test/server-process';

/** What the server holds after a forced collection, with its RSS and its trips' size. */
export interface MemorySample {
  label: string;
  /** RSS as the load left it, before the collection (what an outside observer sees). */
  rssBefore: number;
  /** RSS after the collection. */
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  /** The JSON bytes of every trip's document at that moment (what the document cache keeps). */
  documents: number;
}

/** A process's resident memory in bytes, as Linux counts it (VmRSS). */
export async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

/** Asks a server started with `--expose-gc --import ./bench/server-probe.mjs` and `ipc`. */
export function memoryProbe(server: ServerProcess) {
  let next = 0;
  const ask = <T>(message: Record<string, unknown>, pick: (answer: unknown) => T | undefined) =>
    new Promise<T>((resolve, reject) => {
      const id = ++next;
      const timer = setTimeout(() => {
        server.child.off('message', listen);
        reject(new Error(`the server's memory probe did not answer ${String(message.type)}`));
      }, 60_000);
      const listen = (answer: unknown) => {
        if ((answer as { id?: number } | null)?.id !== id) return;
        const value = pick(answer);
        if (value === undefined) return;
        clearTimeout(timer);
        server.child.off('message', listen);
        resolve(value);
      };
      server.child.on('message', listen);
      server.child.send({ ...message, id });
    });
  return {
    usage: () =>
      ask({ type: 'memory' }, (answer) => (answer as { usage?: NodeJS.MemoryUsage }).usage),
    snapshot: (path: string) =>
      ask({ type: 'snapshot', path }, (answer) => (answer as { path?: string }).path),
    /** Requests the pool gave up on since the server started (no connection in time). */
    poolTimeouts: () =>
      ask({ type: 'pool' }, (answer) => (answer as { timeouts?: number }).timeouts),
  };
}

/** The JSON bytes of each trip's document, read uncompressed as its owner. */
export async function documentBytes(
  base: string,
  trips: string[],
  owners: { cookie: string }[],
): Promise<number> {
  let bytes = 0;
  for (const [index, trip] of trips.entries()) {
    const response = await fetch(`${base}/api/itineraries/${trip}`, {
      headers: { cookie: owners[index]?.cookie ?? '', 'accept-encoding': 'identity' },
    });
    bytes += (await response.arrayBuffer()).byteLength;
  }
  return bytes;
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const signedMb = (bytes: number) => `${bytes >= 0 ? '+' : ''}${mb(bytes)}`;

export function describeMemory(samples: MemorySample[], rssPeak: number): string {
  const rows = samples.map((sample) =>
    [
      sample.label.padEnd(9),
      mb(sample.rssBefore).padStart(10),
      mb(sample.heapTotal).padStart(9),
      mb(sample.heapUsed).padStart(8),
      mb(sample.external).padStart(9),
      mb(sample.arrayBuffers).padStart(13),
      mb(sample.rss).padStart(7),
      mb(sample.documents).padStart(10),
    ].join(' '),
  );
  return [
    "server memory (MB): RSS before a forced collection, then after it the heap, external memory and RSS; the trips' JSON:",
    'sample    RSS before  heapTotal heapUsed  external  arrayBuffers     RSS  documents',
    ...rows,
    `RSS peak during the rounds: ${mb(rssPeak)} MB`,
  ].join('\n');
}

/**
 * A plateau passes, growth that goes on does not. From the warm-up on, the collected heap may
 * grow with the trips (the document cache keeps each trip's JSON once per role read, two in
 * this load: owner and editor); beyond that, heap and external memory together may grow by
 * 10 % of what they were after the warm-up (8 MB at least: a collection leaves a MB or two
 * either way). The RSS settles later than the heap (freed memory stays with the allocator,
 * and it moves by ±15 MB from one sample to the next under the same load), so it is judged
 * from the first round on: less than 20 % more at the end (not judged with heap snapshots:
 * writing one takes memory of its own).
 */
export function judgeMemory(
  samples: MemorySample[],
  options: { judgeRss: boolean } = { judgeRss: true },
): { ok: boolean; message: string } {
  const warm = samples.find((sample) => sample.label === 'warm');
  const rounds = samples.filter((sample) => sample.label.startsWith('round'));
  const first = rounds[0];
  const last = rounds.at(-1);
  if (!warm || !first || !last) return { ok: false, message: 'memory: no samples' };
  const held = (sample: MemorySample) => sample.heapUsed + sample.external;
  const beyond = (from: MemorySample, to: MemorySample) =>
    held(to) - held(from) - 2 * (to.documents - from.documents);
  const steps = rounds.map((sample, index) => beyond(rounds[index - 1] ?? warm, sample));
  const total = beyond(warm, last);
  const limit = Math.max(8 * 1024 * 1024, held(warm) / 10);
  const percent = (from: number, to: number) => {
    const value = ((to - from) / from) * 100;
    return `${value >= 0 ? '+' : ''}${value.toFixed(1)} %`;
  };
  const rssGrowth = (last.rss - first.rss) / first.rss;
  const heapOk = total <= limit;
  const rssOk = !options.judgeRss || rssGrowth < 0.2;
  return {
    ok: heapOk && rssOk,
    message: [
      `heap + external growth beyond the trips' documents, per round: ${steps.map(signedMb).join(', ')} MB; ${signedMb(total)} MB since the warm-up (limit ${mb(limit)} MB)${heapOk ? '' : ': it keeps growing, target missed'}`,
      `RSS after a collection: ${mb(warm.rss)} MB after the warm-up, ${mb(first.rss)} MB after round 1, ${mb(last.rss)} MB at the end (${percent(warm.rss, last.rss)} since the warm-up, ${percent(first.rss, last.rss)} since round 1${options.judgeRss ? ', limit +20 %' : ', not judged with heap snapshots'})${rssOk ? '' : ': target missed'}`,
    ].join('\n'),
  };
}
