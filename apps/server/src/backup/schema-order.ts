import type pg from 'pg';

/**
 * The order in which a backup writes, and a restore loads, the tables of the `public` schema:
 * every table after the tables it refers to. A reference that closes a cycle (an itinerary's
 * cover is a file, a file belongs to an itinerary) is loaded in two steps: the row first with
 * that column empty, the column once every row is in. Both sides run the same migrations, so
 * both compute the same order.
 */
export interface TableOrder {
  tables: TablePlan[];
}

export interface TablePlan {
  name: string;
  /** Columns to write (generated ones are left to PostgreSQL). */
  columns: string[];
  primaryKey: string[];
  /** Columns filled in after every table is loaded. */
  deferred: string[];
  /** Identity or serial columns whose sequence must continue after the restored rows. */
  sequences: string[];
}

interface ForeignKey {
  table: string;
  references: string;
  columns: string[];
  nullable: boolean;
}

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export async function tableOrder(client: pg.ClientBase): Promise<TableOrder> {
  const tables = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  const columns = await client.query<{
    table: string;
    column: string;
    generated: string;
    identity: string;
    default: string | null;
  }>(
    `select c.relname as table, a.attname as column, a.attgenerated as generated,
            a.attidentity as identity, pg_get_expr(d.adbin, d.adrelid) as default
       from pg_attribute a join pg_class c on c.oid = a.attrelid
       join pg_namespace n on n.oid = c.relnamespace
       left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`,
  );
  const keys = await client.query<{ table: string; column: string }>(
    `select c.relname as table, a.attname as column
       from pg_constraint k join pg_class c on c.oid = k.conrelid
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = k.conrelid and a.attnum = any(k.conkey)
      where n.nspname = 'public' and k.contype = 'p' order by c.relname, a.attnum`,
  );
  const references = await client.query<{
    table: string;
    references: string;
    columns: string[];
    nullable: boolean;
  }>(
    `select c.relname as table, r.relname as references,
            array_agg(a.attname::text order by a.attnum) as columns,
            bool_and(not a.attnotnull) as nullable
       from pg_constraint k join pg_class c on c.oid = k.conrelid
       join pg_class r on r.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = k.conrelid and a.attnum = any(k.conkey)
      where n.nspname = 'public' and k.contype = 'f'
      group by k.oid, c.relname, r.relname`,
  );

  const plans = new Map<string, TablePlan>();
  for (const { name } of tables.rows) {
    plans.set(name, { name, columns: [], primaryKey: [], deferred: [], sequences: [] });
  }
  for (const row of columns.rows) {
    const plan = plans.get(row.table);
    if (!plan || row.generated !== '') continue;
    plan.columns.push(row.column);
    if (row.identity !== '' || row.default?.startsWith('nextval(')) plan.sequences.push(row.column);
  }
  for (const row of keys.rows) plans.get(row.table)?.primaryKey.push(row.column);

  const pending: ForeignKey[] = references.rows.filter((key) => key.table !== key.references);
  const selfReferences = references.rows.filter((key) => key.table === key.references);
  for (const key of selfReferences) {
    // A row may point at one loaded after it: filled in at the end as well.
    if (!key.nullable) throw new Error(`${key.table} refers to itself through a required column`);
    plans.get(key.table)?.deferred.push(...key.columns);
  }

  const ordered: TablePlan[] = [];
  const remaining = new Set(plans.keys());
  while (remaining.size > 0) {
    const ready = [...remaining].filter(
      (table) => !pending.some((key) => key.table === table && remaining.has(key.references)),
    );
    if (ready.length > 0) {
      for (const table of ready.sort()) {
        remaining.delete(table);
        const plan = plans.get(table);
        if (plan) ordered.push(plan);
      }
      continue;
    }
    // A cycle: defer one nullable reference inside it and go on.
    const breakable = pending.find(
      (key) => key.nullable && remaining.has(key.table) && remaining.has(key.references),
    );
    if (!breakable) throw new Error('The tables refer to each other through required columns');
    plans.get(breakable.table)?.deferred.push(...breakable.columns);
    pending.splice(pending.indexOf(breakable), 1);
  }
  return { tables: ordered };
}
