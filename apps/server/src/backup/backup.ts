import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { open, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type pg from 'pg';
import { quoteIdent, tableOrder } from './schema-order';

/**
 * A Jammy backup: one gzip file of JSON lines.
 *   {"kind":"header","format":"jammy-backup","formatVersion":1,"createdAt":…,"migrations":[…]}
 *   {"kind":"rows","table":"…","rows":[…]}            (tables in load order, 500 rows a line)
 *   {"kind":"file","path":"…"} {"kind":"chunk","data":"<base64>"}… {"kind":"file-end","size":…,"sha256":"…"}
 *   {"kind":"end","tables":{"…":count},"files":count,"missingFiles":[…]}
 * The rows are read in one REPEATABLE READ transaction: one consistent snapshot of the whole
 * database while the server keeps serving. A file without its `end` line is incomplete.
 */
export const BACKUP_FORMAT = 'jammy-backup';
export const BACKUP_FORMAT_VERSION = 1;
const ROWS_PER_LINE = 500;
const CHUNK_BYTES = 1024 * 1024;

export interface BackupSummary {
  file: string;
  tables: Record<string, number>;
  files: number;
  bytes: number;
  /** Files the snapshot names whose bytes were gone by the time they were copied. */
  missingFiles: string[];
}

async function write(stream: Writable, line: string): Promise<void> {
  if (!stream.write(`${line}\n`)) await once(stream, 'drain');
}

async function* filesUnder(root: string, relative = ''): AsyncGenerator<string> {
  const entries = await readdir(path.join(root, relative), { withFileTypes: true });
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const child = relative ? `${relative}/${entry.name}` : entry.name;
    // Uploads in progress live in .tmp: never part of the stored files.
    if (!relative && entry.name === '.tmp') continue;
    if (entry.isDirectory()) yield* filesUnder(root, child);
    else if (entry.isFile()) yield child;
  }
}

/**
 * Writes a backup of the database behind `pool` and of the files under `filesDir` (null when
 * the bytes live in an S3-compatible store) to `outFile`, atomically (a partial file is
 * never left under that name).
 */
export async function writeBackup(options: {
  pool: pg.Pool;
  filesDir: string | null;
  outFile: string;
}): Promise<BackupSummary> {
  const partial = `${options.outFile}.partial`;
  const gzip = createGzip();
  const output = createWriteStream(partial, { mode: 0o600 });
  const finished = new Promise<void>((resolve, reject) => {
    output.once('finish', resolve);
    output.once('error', reject);
    gzip.once('error', reject);
  });
  gzip.pipe(output);
  const summary: BackupSummary = {
    file: options.outFile,
    tables: {},
    files: 0,
    bytes: 0,
    missingFiles: [],
  };
  const client = await options.pool.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const migrations = await client.query<{ hash: string }>(
      'select hash from drizzle.__drizzle_migrations order by id',
    );
    await write(
      gzip,
      JSON.stringify({
        kind: 'header',
        format: BACKUP_FORMAT,
        formatVersion: BACKUP_FORMAT_VERSION,
        createdAt: new Date().toISOString(),
        migrations: migrations.rows.map((row) => row.hash),
      }),
    );
    const order = await tableOrder(client);
    for (const table of order.tables) {
      // Rows as PostgreSQL writes them in JSON, passed on without parsing.
      await client.query(
        `declare backup_rows no scroll cursor for
           select row_to_json(t)::text as row from public.${quoteIdent(table.name)} t`,
      );
      let count = 0;
      for (;;) {
        const batch = await client.query<{ row: string }>(
          `fetch ${ROWS_PER_LINE} from backup_rows`,
        );
        if (batch.rows.length === 0) break;
        count += batch.rows.length;
        await write(
          gzip,
          `{"kind":"rows","table":${JSON.stringify(table.name)},"rows":[${batch.rows.map((row) => row.row).join(',')}]}`,
        );
      }
      await client.query('close backup_rows');
      summary.tables[table.name] = count;
    }

    if (options.filesDir && existsSync(options.filesDir)) {
      for await (const relative of filesUnder(options.filesDir)) {
        await write(gzip, JSON.stringify({ kind: 'file', path: relative }));
        const hash = createHash('sha256');
        let size = 0;
        const source = createReadStream(path.join(options.filesDir, relative), {
          highWaterMark: CHUNK_BYTES,
        });
        for await (const chunk of source as AsyncIterable<Buffer>) {
          hash.update(chunk);
          size += chunk.length;
          await write(gzip, JSON.stringify({ kind: 'chunk', data: chunk.toString('base64') }));
        }
        await write(gzip, JSON.stringify({ kind: 'file-end', size, sha256: hash.digest('hex') }));
        summary.files += 1;
        summary.bytes += size;
      }
      // A file deleted between the snapshot and the copy: say so rather than hide it.
      const keys = await client.query<{ key: string }>('select blob_key as key from file_object');
      for (const { key } of keys.rows) {
        if (!existsSync(path.join(options.filesDir, ...key.split('/')))) {
          summary.missingFiles.push(key);
        }
      }
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    gzip.destroy();
    output.destroy();
    await rm(partial, { force: true });
    throw error;
  } finally {
    client.release();
  }

  await write(
    gzip,
    JSON.stringify({
      kind: 'end',
      tables: summary.tables,
      files: summary.files,
      missingFiles: summary.missingFiles,
    }),
  );
  gzip.end();
  await finished;
  const handle = await open(partial, 'r');
  await handle.sync().finally(() => handle.close());
  await rename(partial, options.outFile);
  return summary;
}
