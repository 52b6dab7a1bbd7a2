import { createHash, type Hash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, type WriteStream } from 'node:fs';
import { mkdir, readdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type pg from 'pg';
import { runMigrations } from '../db/migrate';
import { MIGRATIONS_DIR } from '../paths';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION } from './backup';
import { quoteIdent, tableOrder, type TablePlan } from './schema-order';

/** A restore that cannot go ahead, with a message for the operator. */
export class RestoreError extends Error {}

export interface RestoreSummary {
  tables: Record<string, number>;
  files: number;
}

type Line =
  | { kind: 'header'; format?: unknown; formatVersion?: unknown; migrations?: unknown }
  | { kind: 'rows'; table: string; rows: Record<string, unknown>[] }
  | { kind: 'file'; path: string }
  | { kind: 'chunk'; data: string }
  | { kind: 'file-end'; size: number; sha256: string }
  | { kind: 'end'; tables: Record<string, number>; files: number };

/** Refuses a target that holds anything: a restore never mixes with existing data. */
async function assertEmptyTarget(pool: pg.Pool, filesDir: string | null): Promise<void> {
  const tables = await pool.query<{ n: number }>(
    `select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')`,
  );
  if ((tables.rows[0]?.n ?? 0) > 0) {
    throw new RestoreError(
      'The target database is not empty: restore only into a new, empty database (or an empty DATA_DIR).',
    );
  }
  if (filesDir && existsSync(filesDir) && (await readdir(filesDir)).length > 0) {
    throw new RestoreError(
      `The files folder ${filesDir} is not empty: restore only into an empty DATA_DIR.`,
    );
  }
}

function insertSql(plan: TablePlan): string {
  const columns = plan.columns.map(quoteIdent);
  const values = plan.columns.map((column) =>
    plan.deferred.includes(column) ? 'null' : `j.${quoteIdent(column)}`,
  );
  const table = `public.${quoteIdent(plan.name)}`;
  return `insert into ${table} (${columns.join(', ')}) overriding system value
    select ${values.join(', ')} from json_populate_recordset(null::${table}, $1::json) j`;
}

function deferredUpdateSql(plan: TablePlan): string {
  const table = `public.${quoteIdent(plan.name)}`;
  const set = plan.deferred.map((column) => `${quoteIdent(column)} = j.${quoteIdent(column)}`);
  const match = plan.primaryKey.map(
    (column) => `t.${quoteIdent(column)} = j.${quoteIdent(column)}`,
  );
  return `update ${table} t set ${set.join(', ')}
    from json_populate_recordset(null::${table}, $1::json) j where ${match.join(' and ')}`;
}

/**
 * Restores a backup written by writeBackup into an empty database (migrated here to the
 * backup's version) and an empty files folder. The rows load in one transaction; a file's
 * bytes are checked against their SHA-256 before they take their name.
 */
export async function restoreBackup(options: {
  file: string;
  pool: pg.Pool;
  filesDir: string | null;
}): Promise<RestoreSummary> {
  const { pool, filesDir } = options;
  await assertEmptyTarget(pool, filesDir);
  const lines = createInterface({
    input: createReadStream(options.file).pipe(createGunzip()),
    crlfDelay: Infinity,
  });
  const iterator = lines[Symbol.asyncIterator]();
  const readLine = async (): Promise<Line | undefined> => {
    const next = await iterator.next();
    if (next.done) return undefined;
    return JSON.parse(next.value) as Line;
  };

  let header: Line | undefined;
  try {
    header = await readLine();
  } catch {
    throw new RestoreError(`${options.file} is not a Jammy backup (it cannot be read as one).`);
  }
  if (
    header?.kind !== 'header' ||
    header.format !== BACKUP_FORMAT ||
    header.formatVersion !== BACKUP_FORMAT_VERSION
  ) {
    throw new RestoreError(
      `${options.file} is not a Jammy backup of format ${BACKUP_FORMAT_VERSION}.`,
    );
  }
  const expected = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).map((m) => m.hash);
  const backed = Array.isArray(header.migrations) ? header.migrations : [];
  if (backed.length !== expected.length || backed.some((hash, index) => hash !== expected[index])) {
    throw new RestoreError(
      `This backup was made by another version of Jammy (${backed.length} database migrations; this one has ${expected.length}). Restore it with that version, then upgrade.`,
    );
  }

  await runMigrations(pool);
  const client = await pool.connect();
  const summary: RestoreSummary = { tables: {}, files: 0 };
  let file: { name: string; temp: string; out: WriteStream; hash: Hash; size: number } | undefined;
  try {
    await client.query('begin');
    const order = await tableOrder(client);
    const plans = new Map(order.tables.map((plan) => [plan.name, plan]));
    for (const plan of order.tables) summary.tables[plan.name] = 0;
    // Migrations may seed rows (the catalogue): the backup's rows replace them.
    await client.query(
      `truncate table ${order.tables.map((plan) => `public.${quoteIdent(plan.name)}`).join(', ')}`,
    );
    const later = new Map<string, Record<string, unknown>[]>();
    let end: Extract<Line, { kind: 'end' }> | undefined;

    for (let line = await readLine(); line; line = await readLine()) {
      if (line.kind === 'rows') {
        const plan = plans.get(line.table);
        if (!plan) throw new RestoreError(`The backup holds an unknown table: ${line.table}`);
        await client.query(insertSql(plan), [JSON.stringify(line.rows)]);
        summary.tables[plan.name] = (summary.tables[plan.name] ?? 0) + line.rows.length;
        if (plan.deferred.length > 0) {
          const kept = later.get(plan.name) ?? [];
          for (const row of line.rows) {
            if (plan.deferred.some((column) => row[column] !== null)) kept.push(row);
          }
          later.set(plan.name, kept);
        }
      } else if (line.kind === 'file') {
        if (!filesDir) {
          throw new RestoreError(
            'The backup holds files but this installation keeps its files in an S3-compatible store: restore with S3_* unset, then copy DATA_DIR/files to the store.',
          );
        }
        const target = path.resolve(filesDir, line.path);
        if (!target.startsWith(path.resolve(filesDir) + path.sep)) {
          throw new RestoreError(`The backup names a file outside the files folder: ${line.path}`);
        }
        await mkdir(path.dirname(target), { recursive: true });
        const temp = `${target}.restoring`;
        file = {
          name: target,
          temp,
          out: createWriteStream(temp, { mode: 0o640 }),
          hash: createHash('sha256'),
          size: 0,
        };
      } else if (line.kind === 'chunk') {
        if (!file) throw new RestoreError('The backup is damaged (bytes outside a file).');
        const bytes = Buffer.from(line.data, 'base64');
        file.hash.update(bytes);
        file.size += bytes.length;
        if (!file.out.write(bytes)) await once(file.out, 'drain');
      } else if (line.kind === 'file-end') {
        if (!file) throw new RestoreError('The backup is damaged (a file end without a file).');
        const current = file;
        file = undefined;
        current.out.end();
        await once(current.out, 'finish');
        if (current.size !== line.size || current.hash.digest('hex') !== line.sha256) {
          throw new RestoreError(
            `The backup is damaged: ${current.name} does not match its checksum.`,
          );
        }
        await rename(current.temp, current.name);
        summary.files += 1;
      } else if (line.kind === 'end') {
        end = line;
      }
    }
    if (!end) throw new RestoreError('The backup is incomplete (it has no end): it was cut short.');
    for (const [table, count] of Object.entries(end.tables)) {
      if ((summary.tables[table] ?? 0) !== count) {
        throw new RestoreError(`The backup is damaged: ${table} should hold ${count} rows.`);
      }
    }
    if (end.files !== summary.files) {
      throw new RestoreError(`The backup is damaged: it should hold ${end.files} files.`);
    }

    for (const [table, rows] of later) {
      const plan = plans.get(table);
      if (plan && rows.length > 0) {
        await client.query(deferredUpdateSql(plan), [JSON.stringify(rows)]);
      }
    }
    for (const plan of order.tables) {
      for (const column of plan.sequences) {
        const table = `public.${quoteIdent(plan.name)}`;
        await client.query(
          `select setval(pg_get_serial_sequence($1, $2), coalesce(max(${quoteIdent(column)}), 0) + 1, false) from ${table}`,
          [table, column],
        );
      }
    }
    await client.query('commit');
  } catch (error) {
    file?.out.destroy();
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
    lines.close();
  }
  return summary;
}
