import { sql, type SQL } from 'drizzle-orm';

/**
 * The time of a change, read by PostgreSQL as the row changes (to the millisecond, as the
 * API writes times and list cursors compare them). A write holding an itinerary's lock sends
 * its first statements before the lock is granted (docs/decisions/030): a time taken in the
 * server then would be when the request came, not when its turn did, and could come before
 * that of a write it waited for (a trash before a link it let through first).
 */
export function changedAt(): SQL<Date> {
  return sql<Date>`date_trunc('milliseconds', clock_timestamp())`;
}
