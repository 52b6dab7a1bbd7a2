import { BOOKING_LIMITS, type BookingKind } from '@jammy/shared/bookings';
import { unzipSync } from 'fflate';
import { Temporal } from 'temporal-polyfill';
import { timeZoneAt } from '../../geo/time-zone';
import { airportByCode } from './airports';
import { boardingPassFlights } from './boarding-pass';
import type { DraftFields, FieldSource, Found, FoundReservation } from './found';
import { isObject, type Json, type JsonObject } from './structured-data';
import { wallClock } from './wall-clock';

/**
 * Apple Wallet passes (`.pkpass`: a zip holding `pass.json`, images and a signature). A
 * boarding pass's barcode usually carries BCBP data, read first; otherwise, and for event
 * tickets and generic passes, Apple's semantic tags, then the pass's fields. The signature is
 * not checked: a pass is a traveller's own upload or attachment, reviewed before it is used.
 */

/** pass.json is small (a few kB); anything larger is not a pass we read. */
const MOST_PASS_BYTES = 512 * 1024;

const TRANSIT_KINDS: Record<string, BookingKind> = {
  PKTransitTypeAir: 'flight',
  PKTransitTypeTrain: 'train',
  PKTransitTypeBus: 'bus',
  PKTransitTypeBoat: 'ferry',
  PKTransitTypeGeneric: 'other',
};

type Style = 'boardingPass' | 'eventTicket' | 'generic';

function passJson(bytes: Uint8Array): JsonObject | string {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (file) => file.name === 'pass.json' && file.originalSize <= MOST_PASS_BYTES,
    });
  } catch {
    return 'wallet pass: not a zip file';
  }
  const raw = files['pass.json'];
  if (!raw || raw.length > MOST_PASS_BYTES) return 'wallet pass: no readable pass.json';
  try {
    const parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(raw)) as Json;
    return isObject(parsed) ? parsed : 'wallet pass: pass.json is not an object';
  } catch {
    return 'wallet pass: pass.json is not JSON';
  }
}

function text(value: Json | undefined): string | null {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return null;
  const cleaned = value.replace(/\s+/g, ' ').trim();
  return cleaned || null;
}

/** A pass's text at `at` ("semantics.eventName"), with its source. */
function found(pass: JsonObject, path: string): Found<string> | null {
  let value: Json | undefined = pass;
  for (const key of path.split('.')) value = isObject(value) ? value[key] : undefined;
  const read = text(value);
  return read ? { value: read, source: { kind: 'wallet-pass', at: path } } : null;
}

/** The fields of a style's field groups, each with the path it has in pass.json. */
function passFields(pass: JsonObject, style: Style) {
  const body = pass[style];
  const fields: { key: string; label: string; value: string; at: string }[] = [];
  if (!isObject(body)) return fields;
  for (const group of [
    'headerFields',
    'primaryFields',
    'secondaryFields',
    'auxiliaryFields',
    'backFields',
  ]) {
    const list = body[group];
    if (!Array.isArray(list)) continue;
    list.forEach((field, index) => {
      if (!isObject(field)) return;
      const value = text(field.value);
      if (value) {
        fields.push({
          key: text(field.key) ?? '',
          label: text(field.label) ?? '',
          value,
          at: `${style}.${group}[${index}]`,
        });
      }
    });
  }
  return fields;
}

function cutTo(found: Found<string> | null, max: number): Found<string> | undefined {
  if (!found) return undefined;
  return found.value.length <= max
    ? found
    : { ...found, value: `${found.value.slice(0, max - 1)}…` };
}

/** A start or end: an ISO date-time of the pass, in the zone of the place when known. */
function setTime(
  fields: DraftFields,
  end: 'start' | 'end',
  time: Found<string> | null,
  zone: Found<string> | null,
) {
  if (!time) return;
  const read = wallClock(time.value, zone?.value ?? null);
  if (!read) return;
  if (read.kind === 'date') {
    fields[end === 'start' ? 'startDate' : 'endDate'] = { value: read.date, source: time.source };
    return;
  }
  fields[end === 'start' ? 'startAt' : 'endAt'] = { value: read.local, source: time.source };
  if (read.zone) {
    fields[end === 'start' ? 'startZone' : 'endZone'] = {
      value: read.zone,
      source: zone?.value === read.zone ? zone.source : time.source,
    };
  }
}

/** The zone of the pass's place: a venue's or the first of its locations. */
function zoneOf(pass: JsonObject): Found<string> | null {
  for (const path of ['semantics.venueLocation', 'locations']) {
    let place: Json | undefined = pass;
    for (const key of path.split('.')) place = isObject(place) ? place[key] : undefined;
    const point = Array.isArray(place) ? place[0] : place;
    if (!isObject(point)) continue;
    const { latitude, longitude } = point;
    if (typeof latitude !== 'number' || typeof longitude !== 'number') continue;
    const zone = timeZoneAt(latitude, longitude);
    if (zone) return { value: zone, source: { kind: 'wallet-pass', at: path } };
  }
  return null;
}

function codeOf(pass: JsonObject, style: Style): Found<string> | null {
  const semantic = found(pass, 'semantics.confirmationNumber');
  if (semantic) return semantic;
  const field = passFields(pass, style).find((candidate) =>
    /confirm|booking|pnr|reservation|record|reference/i.test(`${candidate.key} ${candidate.label}`),
  );
  return field ? { value: field.value, source: { kind: 'wallet-pass', at: field.at } } : null;
}

function barcodeMessages(pass: JsonObject): { message: string; at: string }[] {
  const barcodes = Array.isArray(pass.barcodes) ? pass.barcodes : [pass.barcode];
  return barcodes.flatMap((barcode, index) => {
    // Kept as written: BCBP data is fixed-width, its spaces are part of it.
    const message =
      isObject(barcode) && typeof barcode.message === 'string' ? barcode.message : null;
    const at = Array.isArray(pass.barcodes) ? `barcodes[${index}].message` : 'barcode.message';
    return message ? [{ message, at }] : [];
  });
}

/** A transit pass without BCBP data: Apple's semantic tags, else the first two primary fields. */
async function transit(pass: JsonObject, kind: BookingKind, fields: DraftFields) {
  const semanticFrom =
    found(pass, 'semantics.departureAirportCode') ?? found(pass, 'semantics.departureStationName');
  const semanticTo =
    found(pass, 'semantics.destinationAirportCode') ??
    found(pass, 'semantics.destinationStationName');
  const primary = passFields(pass, 'boardingPass').filter((field) =>
    field.at.includes('primaryFields'),
  );
  const ends = [
    semanticFrom ??
      (primary[0]
        ? {
            value: primary[0].label || primary[0].value,
            source: { kind: 'wallet-pass' as const, at: primary[0].at },
          }
        : null),
    semanticTo ??
      (primary[1]
        ? {
            value: primary[1].label || primary[1].value,
            source: { kind: 'wallet-pass' as const, at: primary[1].at },
          }
        : null),
  ];
  const zones: (Found<string> | null)[] = [];
  for (const [index, end] of ends.entries()) {
    const airport = end && kind === 'flight' ? await airportByCode(end.value.toUpperCase()) : null;
    const table: FieldSource = { kind: 'airport-table', at: airport?.code ?? '' };
    const name = airport ? { value: `${airport.name} (${airport.code})`, source: table } : end;
    fields[index === 0 ? 'fromName' : 'toName'] = cutTo(name, BOOKING_LIMITS.placeName);
    if (airport) {
      fields[index === 0 ? 'fromLat' : 'toLat'] = { value: airport.lat, source: table };
      fields[index === 0 ? 'fromLng' : 'toLng'] = { value: airport.lng, source: table };
    }
    zones.push(airport ? { value: airport.zone, source: table } : null);
  }
  const airline = found(pass, 'semantics.airlineCode');
  const number = found(pass, 'semantics.flightNumber') ?? found(pass, 'semantics.vehicleNumber');
  if (number) {
    fields.number = cutTo(
      airline && !number.value.startsWith(airline.value)
        ? { ...number, value: `${airline.value} ${number.value}` }
        : number,
      BOOKING_LIMITS.number,
    );
  }
  setTime(
    fields,
    'start',
    found(pass, 'semantics.currentDepartureDate') ??
      found(pass, 'semantics.originalDepartureDate') ??
      found(pass, 'relevantDate'),
    zones[0] ?? zoneOf(pass),
  );
  setTime(
    fields,
    'end',
    found(pass, 'semantics.currentArrivalDate') ?? found(pass, 'semantics.originalArrivalDate'),
    zones[1] ?? null,
  );
}

/** The bookings of a `.pkpass` file, or a problem naming what could not be read. */
export async function walletPassReservations(
  bytes: Uint8Array,
  reference: Temporal.PlainDate,
): Promise<{ reservations: FoundReservation[]; problem: string | null }> {
  const pass = passJson(bytes);
  if (typeof pass === 'string') return { reservations: [], problem: pass };
  const style: Style | undefined = (['boardingPass', 'eventTicket', 'generic'] as const).find(
    (key) => isObject(pass[key]),
  );
  if (!style)
    return {
      reservations: [],
      problem: 'wallet pass: neither a boarding pass, an event ticket nor a generic pass',
    };
  const relevant = found(pass, 'relevantDate');
  const relevantDay = relevant ? wallClock(relevant.value, null) : null;
  const day = relevantDay
    ? Temporal.PlainDate.from(
        relevantDay.kind === 'date' ? relevantDay.date : relevantDay.local.slice(0, 10),
      )
    : reference;
  const body = pass[style];
  const transitType = isObject(body) ? text(body.transitType) : null;
  const kind: BookingKind =
    style === 'boardingPass'
      ? (TRANSIT_KINDS[transitType ?? ''] ?? 'other')
      : style === 'eventTicket'
        ? 'activity'
        : 'other';
  if (style === 'boardingPass') {
    for (const { message, at } of barcodeMessages(pass)) {
      const flights = await boardingPassFlights(message, day, at);
      if (!flights) continue;
      const [only] = flights;
      // One leg and a departure time in the pass: the flight gets its time in its zone.
      if (only && flights.length === 1) {
        const time =
          found(pass, 'semantics.currentDepartureDate') ??
          found(pass, 'semantics.originalDepartureDate') ??
          relevant;
        const zone = only.fields.startZone ?? null;
        if (time && zone) {
          const read = wallClock(time.value, zone.value);
          if (read?.kind === 'time' && read.local.slice(0, 10) === only.fields.startDate?.value) {
            delete only.fields.startDate;
            only.fields.startAt = { value: read.local, source: time.source };
          }
        }
      }
      return { reservations: flights, problem: null };
    }
  }
  const fields: DraftFields = {};
  if (style === 'boardingPass') await transit(pass, kind, fields);
  else {
    const zone = zoneOf(pass);
    setTime(fields, 'start', found(pass, 'semantics.eventStartDate') ?? relevant, zone);
    setTime(fields, 'end', found(pass, 'semantics.eventEndDate'), zone);
    const venue = found(pass, 'semantics.venueName');
    if (venue) fields.address = cutTo(venue, BOOKING_LIMITS.address);
  }
  const carrier = cutTo(found(pass, 'organizationName'), BOOKING_LIMITS.carrier);
  if (carrier) fields.carrier = carrier;
  const code = cutTo(codeOf(pass, style), BOOKING_LIMITS.confirmationCode);
  if (code) fields.confirmationCode = code;
  const title = found(pass, 'semantics.eventName') ?? found(pass, 'description') ?? carrier ?? null;
  if (title) fields.title = cutTo(title, BOOKING_LIMITS.title);
  if ((fields.startAt || fields.endAt) && fields.startDate) delete fields.startDate;
  return {
    reservations: [{ kind, status: pass.voided === true ? 'cancelled' : 'confirmed', fields }],
    problem: null,
  };
}
