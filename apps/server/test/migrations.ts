import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { MIGRATIONS_DIR } from '../src/paths';

/** One committed migration, as drizzle-kit lists it in meta/_journal.json. */
export interface JournalEntry {
  idx: number;
  tag: string;
  /** Its timestamp: what the migrator records as `created_at` once it is applied. */
  when: number;
}

/** The committed migrations, in the order they apply. */
export function migrationJournal(): JournalEntry[] {
  const file = path.join(MIGRATIONS_DIR, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(file, 'utf8')) as { entries: JournalEntry[] };
  return [...journal.entries].sort((a, b) => a.idx - b.idx);
}

/** A table of the Drizzle schema: its name and its column names, both sorted. */
export interface SchemaTable {
  name: string;
  columns: string[];
}

const SCHEMA_DIR = path.join(MIGRATIONS_DIR, '..', 'schema');

/**
 * Every table the Drizzle schema declares, sorted by name. It reads the files drizzle-kit
 * generates the migrations from (drizzle.config.ts: src/db/schema/*.ts).
 */
export async function schemaTables(): Promise<SchemaTable[]> {
  const files = readdirSync(SCHEMA_DIR).filter((name) => name.endsWith('.ts'));
  const tables = new Map<string, SchemaTable>();
  for (const file of files) {
    const exports = (await import(pathToFileURL(path.join(SCHEMA_DIR, file)).href)) as Record<
      string,
      unknown
    >;
    for (const value of Object.values(exports)) {
      if (!is(value, PgTable)) continue;
      const columns = Object.values(getTableColumns(value)).map((column) => column.name);
      tables.set(getTableName(value), { name: getTableName(value), columns: columns.sort() });
    }
  }
  return [...tables.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
}
