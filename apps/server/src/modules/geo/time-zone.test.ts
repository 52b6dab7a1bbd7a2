import { isTimeZone } from '@jammy/shared/fields';
import { zonedInstant, offsetOf } from '@jammy/shared/bookings-plain';
import { describe, expect, it } from 'vitest';
import { timeZoneAt } from './time-zone';

/** The zone's distance from UTC, in minutes, at a wall-clock time there. */
function offsetMinutes(zone: string, local: string): number {
  return offsetOf(zonedInstant(local, zone), zone) / 60_000;
}

describe('timeZoneAt', () => {
  it('finds the zone of well-known cities from their coordinates', () => {
    expect(timeZoneAt(41.8933, 12.4829)).toBe('Europe/Rome');
    expect(timeZoneAt(40.7128, -74.006)).toBe('America/New_York');
    expect(timeZoneAt(35.6895, 139.6917)).toBe('Asia/Tokyo');
    expect(timeZoneAt(-33.8688, 151.2093)).toBe('Australia/Sydney');
  });

  it('names a zone the API accepts for a booking, with its odd offsets kept', () => {
    // Kathmandu is 5 h 45 min ahead of UTC; the engine may call it Asia/Katmandu.
    const kathmandu = timeZoneAt(27.7017, 85.3206);
    expect(kathmandu).toMatch(/^Asia\/Kath?mandu$/);
    expect(isTimeZone(kathmandu ?? '')).toBe(true);
    expect(offsetMinutes(kathmandu ?? '', '2027-03-28T10:00')).toBe(345);
    // Lord Howe Island moves its clocks by half an hour: +11 in its summer, +10:30 in winter.
    const lordHowe = timeZoneAt(-31.5553, 159.0821);
    expect(lordHowe).toBe('Australia/Lord_Howe');
    expect(offsetMinutes('Australia/Lord_Howe', '2027-01-15T12:00')).toBe(660);
    expect(offsetMinutes('Australia/Lord_Howe', '2027-07-15T12:00')).toBe(630);
    // India: Asia/Kolkata in the IANA list, Asia/Calcutta to some engines; either is accepted.
    expect(isTimeZone(timeZoneAt(19.076, 72.8777) ?? '')).toBe(true);
  });

  it('has no zone for the open sea, nor for a point off the globe', () => {
    expect(timeZoneAt(0, -30)).toBeNull();
    expect(timeZoneAt(35, -40)).toBeNull();
    expect(timeZoneAt(91, 0)).toBeNull();
    expect(timeZoneAt(Number.NaN, 0)).toBeNull();
  });
});
