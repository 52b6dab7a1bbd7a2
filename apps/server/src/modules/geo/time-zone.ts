import { isTimeZone } from '@jammy/shared/fields';
import tzLookup from '@photostructure/tz-lookup';

/** Credit owed for the time-zone boundaries (built from OpenStreetMap), shown with the results. */
export const TIME_ZONE_ATTRIBUTION =
  'Time zones: timezone-boundary-builder, © OpenStreetMap contributors, ODbL';

/**
 * The IANA time zone in force at a point, from the time-zone boundaries shipped in
 * `@photostructure/tz-lookup` (about 70 kB, no network). Named as this JavaScript engine
 * names it (`Asia/Katmandu` to an engine whose list has that spelling), so a booking can be
 * saved with it as is. Null at sea, where the lookup only knows nautical offsets
 * (`Etc/GMT+2`) that are no traveller's zone, and for coordinates off the globe.
 */
export function timeZoneAt(lat: number, lng: number): string | null {
  let found: string;
  try {
    found = tzLookup(lat, lng);
  } catch {
    return null;
  }
  if (found.startsWith('Etc/')) return null;
  if (isTimeZone(found)) return found;
  try {
    const canonical = new Intl.DateTimeFormat('en-US', { timeZone: found }).resolvedOptions()
      .timeZone;
    return isTimeZone(canonical) ? canonical : null;
  } catch {
    return null;
  }
}
