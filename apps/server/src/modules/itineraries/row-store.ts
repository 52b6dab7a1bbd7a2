import { changedAt } from '../../db/clock';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { uuidv7 } from 'uuidv7';
import type { Executor as Db } from '../../db/client';

/** A table of editable rows: UUIDv7 id, optimistic `version`, `updatedAt`. */
export type EditableTable = PgTable & {
  id: AnyPgColumn;
  version: AnyPgColumn;
  updatedAt: AnyPgColumn;
  $inferSelect: { id: string; version: number };
};

/** Where a row belongs: the column naming its parent (the itinerary, or a list). */
export interface RowStoreOptions {
  scope: AnyPgColumn;
  /** A fractional-index column, when the rows are ordered. */
  position?: AnyPgColumn;
}

/**
 * The queries every editable child of an itinerary needs, for any table of that shape: each
 * names the parent too, so an id from another itinerary never matches, and a versioned write
 * changes nothing (undefined / false) when the version is stale.
 */
export interface RowStore<T extends EditableTable> {
  /** Whether the rows carry a fractional position. */
  ordered: boolean;
  find(db: Db, scopeId: string, id: string): Promise<T['$inferSelect'] | undefined>;
  insert(db: Db, values: Omit<T['$inferInsert'], 'id'>): Promise<T['$inferSelect']>;
  update(
    db: Db,
    scopeId: string,
    id: string,
    changes: Partial<T['$inferInsert']>,
    expectedVersion: number | undefined,
  ): Promise<T['$inferSelect'] | undefined>;
  remove(
    db: Db,
    scopeId: string,
    id: string,
    expectedVersion: number | undefined,
  ): Promise<boolean>;
  /** Ids and positions of the ordered rows of a parent (optionally narrowed), in order. */
  siblings(db: Db, scopeId: string, where?: SQL): Promise<{ id: string; position: string }[]>;
  /**
   * The same siblings as a query (`id`, `position`) to read inside another statement: all of
   * them, or only the last one (`last`), in no promised order.
   */
  siblingsQuery(scopeId: string, where?: SQL, last?: boolean): SQL;
}

export function rowStore<T extends EditableTable>(table: T, options: RowStoreOptions): RowStore<T> {
  const { scope, position } = options;
  type Row = T['$inferSelect'];
  const matches = (scopeId: string, id: string, expectedVersion?: number) =>
    and(
      eq(table.id, id),
      eq(scope, scopeId),
      expectedVersion === undefined ? undefined : eq(table.version, expectedVersion),
    );

  return {
    ordered: position !== undefined,
    async find(db, scopeId, id) {
      const rows = (await db
        .select()
        .from(table as PgTable)
        .where(matches(scopeId, id))) as Row[];
      return rows[0];
    },
    async insert(db, values) {
      const rows = (await db
        .insert(table)
        .values({ id: uuidv7(), ...values } as T['$inferInsert'])
        .returning()) as unknown as Row[];
      const [row] = rows;
      if (!row) throw new Error('The row was not created');
      return row;
    },
    async update(db, scopeId, id, changes, expectedVersion) {
      const rows = (await db
        .update(table)
        .set({ ...changes, version: sql`${table.version} + 1`, updatedAt: changedAt() })
        .where(matches(scopeId, id, expectedVersion))
        .returning()) as unknown as Row[];
      return rows[0];
    },
    async remove(db, scopeId, id, expectedVersion) {
      const rows = await db
        .delete(table)
        .where(matches(scopeId, id, expectedVersion))
        .returning({ id: table.id });
      return rows.length > 0;
    },
    async siblings(db, scopeId, where) {
      if (!position) throw new Error('This table is not ordered');
      return (await db
        .select({ id: table.id, position })
        .from(table as PgTable)
        .where(and(eq(scope, scopeId), where))
        .orderBy(asc(position), asc(table.id))) as { id: string; position: string }[];
    },
    siblingsQuery(scopeId, where, last = false) {
      if (!position) throw new Error('This table is not ordered');
      return sql`select ${table.id} as id, ${position} as position from ${table}
        where ${and(eq(scope, scopeId), where)}
        ${last ? sql`order by ${position} desc, ${table.id} desc limit 1` : sql``}`;
    },
  };
}
