import { BOOKING_LIMITS } from '@jammy/shared/bookings';
import { decode, type Leg } from 'bcbp';
import { Temporal } from 'temporal-polyfill';
import { airportByCode } from './airports';
import type { DraftFields, FieldSource, FoundReservation } from './found';

/**
 * IATA bar-coded boarding pass data (BCBP, Resolution 792), as a wallet pass's barcode or a
 * PDF's carries it: "M1" and one fixed-width block of mandatory fields per leg. The `bcbp`
 * package splits the legs; every leg's mandatory fields are checked here, so a text that only
 * starts like a boarding pass is not taken for one. A leg gives a flight on a day (the pass
 * holds no times): the airports' places and zones come from the airport table.
 */

/** Where the mandatory block of the first leg says what (offsets of Resolution 792). */
const FIRST_LEG =
  /^M([1-9])(.{20})[E ]([A-Z0-9 ]{7})([A-Z]{3})([A-Z]{3})([A-Z0-9]{2}[A-Z0-9 ])([0-9]{4}[A-Z ])([0-9]{3})[A-Z]/;

export function looksLikeBoardingPass(text: string): boolean {
  return FIRST_LEG.test(text.trim());
}

/**
 * The date of the `dayOfYear`th day on or after the day before `reference` (a pass is issued
 * before its flight; a flight on day 2 read on 30 December is in the next year).
 */
function flightDate(dayOfYear: number, reference: Temporal.PlainDate): string | null {
  const earliest = reference.subtract({ days: 1 });
  for (const year of [earliest.year, earliest.year + 1]) {
    const start = Temporal.PlainDate.from({ year, month: 1, day: 1 });
    if (dayOfYear > start.daysInYear) continue;
    const date = start.add({ days: dayOfYear - 1 });
    if (Temporal.PlainDate.compare(date, earliest) >= 0) return date.toString();
  }
  return null;
}

function validLeg(
  leg: Leg,
): leg is Required<
  Pick<Leg, 'departureAirport' | 'arrivalAirport' | 'operatingCarrierDesignator' | 'flightNumber'>
> &
  Leg {
  return (
    /^[A-Z]{3}$/.test(leg.departureAirport ?? '') &&
    /^[A-Z]{3}$/.test(leg.arrivalAirport ?? '') &&
    /^[A-Z0-9]{2,3}$/.test(leg.operatingCarrierDesignator?.trim() ?? '') &&
    /^[0-9]{1,4}[A-Z]?$/.test(leg.flightNumber?.trim() ?? '')
  );
}

/**
 * The flights of a boarding pass's data, or null when `text` is not BCBP data. `reference` is
 * when the pass was issued or sent (its day of the year needs a year); `at` names where the
 * data was found ("pass.json barcodes[0]").
 */
export async function boardingPassFlights(
  text: string,
  reference: Temporal.PlainDate,
  at: string,
): Promise<FoundReservation[] | null> {
  const data = text.trim();
  const first = FIRST_LEG.exec(data);
  if (!first) return null;
  let legs: Leg[];
  try {
    legs = decode(data, reference.year).data?.legs ?? [];
  } catch {
    return null;
  }
  const rawDays = [first[8]];
  // The days of later legs are where bcbp read them; their raw text is checked as the first's.
  const source = (field: string): FieldSource => ({
    kind: 'boarding-pass-barcode',
    at: `${at} ${field}`,
  });
  const flights: FoundReservation[] = [];
  for (const [index, leg] of legs.entries()) {
    if (!validLeg(leg)) return flights.length > 0 ? flights : null;
    const julian = index === 0 ? Number(rawDays[0]) : dayOfYearOf(leg.flightDate);
    const fields: DraftFields = {};
    const carrier = leg.operatingCarrierDesignator.trim();
    const number = `${carrier} ${leg.flightNumber.trim().replace(/^0+(?=\d)/, '')}`;
    fields.carrier = { value: carrier, source: source('operating carrier') };
    fields.number = {
      value: number.slice(0, BOOKING_LIMITS.number),
      source: source('flight number'),
    };
    const pnr = leg.operatingCarrierPNR?.trim();
    if (pnr) fields.confirmationCode = { value: pnr, source: source('PNR') };
    const date = julian ? flightDate(julian, reference) : null;
    if (date) fields.startDate = { value: date, source: source('date of flight') };
    for (const [end, code] of [
      ['from', leg.departureAirport],
      ['to', leg.arrivalAirport],
    ] as const) {
      const airport = await airportByCode(code);
      const table = { kind: 'airport-table' as const, at: code };
      const name = airport
        ? { value: `${airport.name} (${code})`, source: table }
        : { value: code, source: source(end === 'from' ? 'from airport' : 'to airport') };
      fields[end === 'from' ? 'fromName' : 'toName'] = name;
      if (airport) {
        fields[end === 'from' ? 'fromLat' : 'toLat'] = { value: airport.lat, source: table };
        fields[end === 'from' ? 'fromLng' : 'toLng'] = { value: airport.lng, source: table };
        // The pass has the day only; the zones wait for the times the traveller adds.
        fields[end === 'from' ? 'startZone' : 'endZone'] = { value: airport.zone, source: table };
      }
    }
    fields.title = {
      value: `${number} ${leg.departureAirport}–${leg.arrivalAirport}`,
      source: source('flight number'),
    };
    flights.push({ kind: 'flight', status: 'confirmed', fields });
  }
  return flights.length > 0 ? flights : null;
}

/** The day of the year bcbp read into a date (it counts from 1 January of the reference year). */
function dayOfYearOf(date: Date | undefined): number | null {
  if (!date || Number.isNaN(date.getTime())) return null;
  return Temporal.PlainDate.from(date.toISOString().slice(0, 10)).dayOfYear;
}
