import { Temporal } from 'temporal-polyfill';

/**
 * A time as a booking keeps it: the wall clock of the place (`YYYY-MM-DDTHH:MM`) and its IANA
 * zone, or a day alone. Mails write times with an offset ("2027-03-04T20:15:00-08:00"), in UTC,
 * or as a bare wall clock; a ticket prints the local time, so that is what is kept.
 */
export type WallClock =
  { kind: 'time'; local: string; zone: string | null } | { kind: 'date'; date: string };

const DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

function realDate(date: string): boolean {
  try {
    Temporal.PlainDate.from(date, { overflow: 'reject' });
    return true;
  } catch {
    return false;
  }
}

/**
 * `value` read as a wall clock in `zone` (the place's zone, when known): a time with an offset
 * is moved to the zone's clock; without a zone it keeps the clock it was written in, with zone
 * UTC when it was written in UTC. Null when it is not a date or date-time.
 */
export function wallClock(value: string, zone: string | null): WallClock | null {
  const match = DATE_TIME.exec(value.trim());
  if (!match) return null;
  const [, date = '', hour, minute, second = '00', offset] = match;
  if (!realDate(date)) return null;
  if (hour === undefined || minute === undefined) return { kind: 'date', date };
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return null;
  const written = `${date}T${hour}:${minute}`;
  if (!offset) return { kind: 'time', local: written, zone };
  const utc = offset.toUpperCase() === 'Z';
  const target = zone ?? (utc ? 'UTC' : null);
  if (!target) return { kind: 'time', local: written, zone: null };
  const normalised = utc
    ? 'Z'
    : offset.length === 3
      ? `${offset}:00`
      : offset.replace(/(\d{2})(\d{2})$/, '$1:$2');
  const instant = Temporal.Instant.from(`${written}:${second}${normalised}`);
  const local = instant.toZonedDateTimeISO(target).toPlainDateTime().toString().slice(0, 16);
  return { kind: 'time', local, zone: target };
}
