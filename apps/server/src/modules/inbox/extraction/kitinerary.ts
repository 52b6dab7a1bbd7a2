import { spawn } from 'node:child_process';
import { access, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { FoundReservation } from './found';
import { reservationsOf } from './reservations';
import { isObject, type Json, type StructuredItem } from './structured-data';

/**
 * KDE's KItinerary extractor, when the operator installed it (Debian: libkpimitinerary-bin),
 * for what Jammy's own readers find nothing in: run as a process of its own, the input on its
 * standard input, with a time bound (it is killed past it), a memory bound (prlimit) and a
 * bounded output. Its JSON-LD goes through the same mapping as a mail's markup, every field's
 * source then being KItinerary's.
 */

const TIME_LIMIT_MS = 10_000;
const MEMORY_LIMIT_BYTES = 2 * 1024 * 1024 * 1024;
const MOST_OUTPUT_BYTES = 2 * 1024 * 1024;

let found: Promise<string | null> | null = null;

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/** The extractor: INBOX_KITINERARY_PATH, else where Debian's package puts it, else none. */
export function kitineraryPath(configured: string | undefined): Promise<string | null> {
  if (configured) return exists(configured).then((yes) => (yes ? configured : null));
  found ??= (async () => {
    const lib = '/usr/lib';
    const candidates = [
      path.join(lib, 'libexec/kf5/kitinerary-extractor'),
      ...(await readdir(lib).catch(() => [] as string[]))
        .filter((entry) => entry.endsWith('-linux-gnu'))
        .map((entry) => path.join(lib, entry, 'libexec/kf5/kitinerary-extractor')),
    ];
    for (const candidate of candidates) if (await exists(candidate)) return candidate;
    return null;
  })();
  return found;
}

/** KItinerary writes times as `{"@type": "QDateTime", "@value": …}`: the value is the time. */
function plain(value: Json): Json {
  if (Array.isArray(value)) return value.map(plain);
  if (!isObject(value)) return value;
  if (value['@type'] === 'QDateTime' && typeof value['@value'] === 'string') return value['@value'];
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, plain(inner)]));
}

/** Runs the extractor on `input` within its bounds; its JSON output, or null. */
function run(
  extractor: string,
  input: Uint8Array,
  contextDate: string | null,
): Promise<string | null> {
  return new Promise((resolve) => {
    const args = [
      `--as=${MEMORY_LIMIT_BYTES}`,
      '--',
      extractor,
      ...(contextDate ? ['-c', contextDate] : []),
    ];
    const child = spawn('prlimit', args, { stdio: ['pipe', 'pipe', 'ignore'] });
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => child.kill('SIGKILL'), TIME_LIMIT_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MOST_OUTPUT_BYTES) child.kill('SIGKILL');
      else chunks.push(chunk);
    });
    child.once('error', () => {
      clearTimeout(timer);
      resolve(null);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve(
        code === 0 && size <= MOST_OUTPUT_BYTES ? Buffer.concat(chunks).toString('utf8') : null,
      );
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(Buffer.from(input));
  });
}

/**
 * The reservations KItinerary finds in `input` (a mail, a PDF, a pass), or none when it is not
 * installed, fails or finds nothing. `contextDate` is when the input was received (ISO).
 */
export async function kitineraryReservations(
  input: Uint8Array,
  contextDate: string | null,
  configured: string | undefined,
): Promise<FoundReservation[]> {
  const extractor = await kitineraryPath(configured);
  if (!extractor) return [];
  const output = await run(extractor, input, contextDate);
  if (!output) return [];
  let parsed: Json;
  try {
    parsed = JSON.parse(output) as Json;
  } catch {
    return [];
  }
  const items: StructuredItem[] = (Array.isArray(parsed) ? parsed : [parsed]).flatMap((item) => {
    if (!isObject(item)) return [];
    // KItinerary dates every result by the mail it came in: no sign of a change.
    const { modifiedTime: _received, ...rest } = item;
    const normalised = plain(rest);
    return isObject(normalised) ? [{ syntax: 'kitinerary' as const, item: normalised }] : [];
  });
  return reservationsOf(items);
}
