import { parseAmount } from '@jammy/shared/amount';
import { BOOKING_LIMITS, type BookingKind } from '@jammy/shared/bookings';
import { isTimeZone } from '@jammy/shared/fields';
import { timeZoneAt } from '../../geo/time-zone';
import { airportByCode } from './airports';
import type { DraftFields, Found, FoundReservation, ReservationStatus } from './found';
import { reservationsIn, type ItemReader } from './item-reader';
import type { StructuredItem } from './structured-data';
import { wallClock } from './wall-clock';

/**
 * schema.org reservations (the types mail clients read: flights, stays, trains, buses, boats,
 * rental cars, taxis, events and restaurants) become bookings' fields, each with its source.
 * Times are kept as the ticket prints them: the wall clock in the place's zone, the zone from
 * the airport table or the place's coordinates; a stay with no known zone keeps its days.
 */

type Endpoint = 'from' | 'to';

/** A place of the trip (an airport, a station, a hotel): its name, position, zone, address. */
interface Located {
  name: Found<string> | null;
  lat: Found<number> | null;
  lng: Found<number> | null;
  zone: Found<string> | null;
  address: Found<string> | null;
}

const NOWHERE: Located = { name: null, lat: null, lng: null, zone: null, address: null };

/** A text field cut to the booking's limit, so a long value cannot fail the whole draft. */
function cut(found: Found<string> | null, max: number): Found<string> | undefined {
  if (!found) return undefined;
  const characters = Array.from(found.value);
  return characters.length <= max
    ? found
    : { ...found, value: `${characters.slice(0, max - 1).join('')}…` };
}

function addressOf(reader: ItemReader | null): Found<string> | null {
  if (!reader) return null;
  // A text address as is; a PostalAddress's parts joined as a label prints them.
  const text = reader.text('address');
  if (text) return text;
  const postal = reader.child('address');
  if (!postal) return null;
  const parts = [
    postal.text('streetAddress'),
    [postal.text('postalCode')?.value, postal.text('addressLocality')?.value]
      .filter(Boolean)
      .join(' '),
    postal.name('addressCountry')?.value ?? postal.text('addressCountry')?.value,
  ]
    .map((part) => (typeof part === 'string' ? part : part?.value))
    .filter((part): part is string => !!part);
  return parts.length > 0
    ? { value: parts.join(', '), source: postal.source('streetAddress') }
    : null;
}

/** A place item: an airport by its IATA code (the offline table), anything else by its geo. */
async function locate(reader: ItemReader | null): Promise<Located> {
  if (!reader) return NOWHERE;
  const code = reader.text('iataCode');
  const airport = code ? await airportByCode(code.value.toUpperCase()) : null;
  if (airport) {
    const source = { kind: 'airport-table' as const, at: airport.code };
    const mailName = reader.text('name');
    return {
      name: mailName ?? { value: `${airport.name} (${airport.code})`, source },
      lat: { value: airport.lat, source },
      lng: { value: airport.lng, source },
      zone: { value: airport.zone, source },
      address: null,
    };
  }
  const geo = reader.child('geo');
  const lat = geo?.number('latitude') ?? null;
  const lng = geo?.number('longitude') ?? null;
  const valid = lat && lng && Math.abs(lat.value) <= 90 && Math.abs(lng.value) <= 180;
  const zone = valid ? timeZoneAt(lat.value, lng.value) : null;
  return {
    name: reader.text('name') ?? code,
    lat: valid ? lat : null,
    lng: valid ? lng : null,
    zone: zone && valid ? { value: zone, source: lat.source } : null,
    address: addressOf(reader),
  };
}

function setPlace(fields: DraftFields, end: Endpoint, place: Located) {
  const name = cut(place.name, BOOKING_LIMITS.placeName);
  if (end === 'from') {
    if (name) fields.fromName = name;
    if (place.lat && place.lng) Object.assign(fields, { fromLat: place.lat, fromLng: place.lng });
  } else {
    if (name) fields.toName = name;
    if (place.lat && place.lng) Object.assign(fields, { toLat: place.lat, toLng: place.lng });
  }
}

/**
 * A start or end time: the wall clock in the zone when known. A stay without a zone keeps its
 * days (`allDay`); anything else keeps the wall clock and waits for the traveller's zone.
 */
function setTime(
  fields: DraftFields,
  end: 'start' | 'end',
  time: Found<string> | null,
  zone: Found<string> | null,
  allDay = false,
) {
  if (!time) return;
  const read = wallClock(time.value, zone?.value ?? null);
  if (!read) return;
  if (read.kind === 'date' || (allDay && !zone)) {
    const date = read.kind === 'date' ? read.date : read.local.slice(0, 10);
    fields[end === 'start' ? 'startDate' : 'endDate'] = { value: date, source: time.source };
    return;
  }
  const atKey = end === 'start' ? 'startAt' : 'endAt';
  fields[atKey] = { value: read.local, source: time.source };
  const readZone = read.zone && isTimeZone(read.zone) ? read.zone : null;
  if (readZone) {
    fields[end === 'start' ? 'startZone' : 'endZone'] = {
      value: readZone,
      source: zone?.value === readZone ? zone.source : time.source,
    };
  }
}

/** A timed booking and an all-day one cannot mix: days win only when no time was read. */
function settleDays(fields: DraftFields) {
  if (fields.startAt || fields.endAt) {
    delete fields.startDate;
    delete fields.endDate;
  }
  if (fields.endDate && fields.startDate && fields.endDate.value === fields.startDate.value) {
    delete fields.endDate;
  }
}

function statusOf(reservation: ItemReader): ReservationStatus {
  const status = reservation.text('reservationStatus')?.value.replace(/^.*[/#:]/, '') ?? '';
  if (/cancel/i.test(status)) return 'cancelled';
  if (/modif|chang|updat/i.test(status) || reservation.text('modifiedTime')) return 'modified';
  return 'confirmed';
}

/** The price through the shared amount rules: exact minor units of the currency, never a float. */
function setCost(fields: DraftFields, reservation: ItemReader) {
  const spec = reservation.child('totalPrice');
  const price = spec?.type
    ? (spec.textOf('price', 'value') ?? null)
    : reservation.text('totalPrice');
  const currency =
    (spec?.type ? spec.text('priceCurrency') : null) ?? reservation.text('priceCurrency');
  if (!price || !currency || !/^[A-Z]{3}$/.test(currency.value.toUpperCase())) return;
  const code = currency.value.toUpperCase();
  const amount = parseAmount(price.value, code, 'en');
  if (!amount.ok) return;
  fields.costMinor = { value: amount.minor, source: price.source };
  fields.currency = { value: code, source: currency.source };
}

function setCommon(fields: DraftFields, reservation: ItemReader) {
  const code = cut(
    reservation.textOf('reservationNumber', 'reservationId'),
    BOOKING_LIMITS.confirmationCode,
  );
  if (code) fields.confirmationCode = code;
  setCost(fields, reservation);
  const url = reservation.textOf('url', 'modifyReservationUrl');
  if (url && /^https?:\/\/[^\s]+$/i.test(url.value) && url.value.length <= 2048) fields.url = url;
}

/** "AZ 784" from the airline's code and the flight's number (which may hold the code already). */
function flightNumber(code: Found<string> | null, number: Found<string> | null) {
  if (!number) return code;
  if (!code || number.value.toUpperCase().startsWith(code.value.toUpperCase())) return number;
  return { value: `${code.value} ${number.value}`, source: number.source };
}

/** A title from what is known, in no language: "AZ 784 FCO–NRT", "Hotel Sakura". */
function titled(fields: DraftFields, ...parts: (Found<string> | null | undefined)[]) {
  const present = parts.filter((part): part is Found<string> => !!part?.value);
  const [head] = present;
  const title = cut(
    head ? { value: present.map((part) => part.value).join(' '), source: head.source } : null,
    BOOKING_LIMITS.title,
  );
  if (title) fields.title = title;
}

interface Trip {
  kind: BookingKind;
  from: string[];
  to: string[];
  number: string[];
}

const TRIPS: Record<string, Trip> = {
  TrainReservation: {
    kind: 'train',
    from: ['departureStation'],
    to: ['arrivalStation'],
    number: ['trainNumber', 'trainName'],
  },
  BusReservation: {
    kind: 'bus',
    from: ['departureBusStop', 'departureStation'],
    to: ['arrivalBusStop', 'arrivalStation'],
    number: ['busNumber', 'busName'],
  },
  BoatReservation: {
    kind: 'ferry',
    from: ['departureBoatTerminal', 'departurePort'],
    to: ['arrivalBoatTerminal', 'arrivalPort'],
    number: ['name'],
  },
};

function firstChild(reader: ItemReader | null, keys: string[]): ItemReader | null {
  for (const key of keys) {
    const child = reader?.child(key);
    if (child) return child;
  }
  return null;
}

async function flight(reservation: ItemReader, fields: DraftFields): Promise<BookingKind> {
  const trip = reservation.child('reservationFor');
  const airline = trip?.child('airline') ?? null;
  const from = await locate(trip?.child('departureAirport') ?? null);
  const to = await locate(trip?.child('arrivalAirport') ?? null);
  const carrier = cut(airline?.textOf('name', 'iataCode') ?? null, BOOKING_LIMITS.carrier);
  if (carrier) fields.carrier = carrier;
  const number = cut(
    flightNumber(airline?.text('iataCode') ?? null, trip?.text('flightNumber') ?? null),
    BOOKING_LIMITS.number,
  );
  if (number) fields.number = number;
  setPlace(fields, 'from', from);
  setPlace(fields, 'to', to);
  setTime(fields, 'start', trip?.text('departureTime') ?? null, from.zone);
  setTime(fields, 'end', trip?.text('arrivalTime') ?? null, to.zone);
  const departure = trip?.child('departureAirport')?.text('iataCode');
  const arrival = trip?.child('arrivalAirport')?.text('iataCode');
  const route =
    departure && arrival
      ? { value: `${departure.value}–${arrival.value}`.toUpperCase(), source: departure.source }
      : null;
  titled(fields, number ?? carrier, route);
  return 'flight';
}

async function journey(reservation: ItemReader, fields: DraftFields, shape: Trip) {
  const trip = reservation.child('reservationFor');
  const from = await locate(firstChild(trip, shape.from));
  const to = await locate(firstChild(trip, shape.to));
  const carrier = cut(
    trip?.name('provider') ?? reservation.name('provider') ?? trip?.name('busCompany') ?? null,
    BOOKING_LIMITS.carrier,
  );
  if (carrier) fields.carrier = carrier;
  const number = cut(trip?.textOf(...shape.number) ?? null, BOOKING_LIMITS.number);
  if (number) fields.number = number;
  setPlace(fields, 'from', from);
  setPlace(fields, 'to', to);
  setTime(fields, 'start', trip?.text('departureTime') ?? null, from.zone);
  setTime(fields, 'end', trip?.text('arrivalTime') ?? null, to.zone);
  const route =
    from.name && to.name
      ? { value: `${from.name.value} – ${to.name.value}`, source: from.name.source }
      : null;
  titled(fields, number ?? carrier, route);
  return shape.kind;
}

/** A stay, a table, an event, a car or a taxi: one place, an address, a start and an end. */
async function visit(reservation: ItemReader, fields: DraftFields, type: string) {
  const target = reservation.child('reservationFor');
  if (type === 'LodgingReservation') {
    const hotel = await locate(target);
    titled(fields, target?.text('name') ?? null);
    const brand = cut(target?.name('brand') ?? null, BOOKING_LIMITS.carrier);
    if (brand) fields.carrier = brand;
    const address = cut(hotel.address, BOOKING_LIMITS.address);
    if (address) fields.address = address;
    setTime(fields, 'start', reservation.textOf('checkinTime', 'checkinDate'), hotel.zone, true);
    setTime(fields, 'end', reservation.textOf('checkoutTime', 'checkoutDate'), hotel.zone, true);
    return 'accommodation';
  }
  if (type === 'RentalCarReservation' || type === 'TaxiReservation') {
    const pickup = await locate(reservation.child('pickupLocation'));
    const dropoff = await locate(reservation.child('dropoffLocation'));
    const company = cut(
      reservation.name('provider') ??
        target?.name('rentalCompany') ??
        target?.name('provider') ??
        null,
      BOOKING_LIMITS.carrier,
    );
    if (company) fields.carrier = company;
    const address = cut(pickup.address ?? pickup.name, BOOKING_LIMITS.address);
    if (address) fields.address = address;
    setTime(fields, 'start', reservation.text('pickupTime'), pickup.zone);
    setTime(fields, 'end', reservation.text('dropoffTime'), dropoff.zone ?? pickup.zone);
    titled(fields, company, target?.textOf('name', 'model') ?? pickup.name);
    return type === 'TaxiReservation' ? 'other' : 'car-rental';
  }
  const event = type === 'EventReservation';
  const where = await locate(event ? (target?.child('location') ?? null) : target);
  titled(fields, target?.text('name') ?? null);
  const address = cut(
    event && where.name && where.address
      ? { value: `${where.name.value}, ${where.address.value}`, source: where.name.source }
      : (where.address ?? (event ? where.name : null)),
    BOOKING_LIMITS.address,
  );
  if (address) fields.address = address;
  const start = event ? target?.text('startDate') : reservation.text('startTime');
  const end = event ? target?.text('endDate') : reservation.text('endTime');
  setTime(fields, 'start', start ?? reservation.text('startTime'), where.zone);
  setTime(fields, 'end', end ?? null, where.zone);
  return event ? 'activity' : type === 'FoodEstablishmentReservation' ? 'restaurant' : 'other';
}

/** One reservation item as a booking's fields; null for a type that is no booking. */
async function reservationOf(reservation: ItemReader): Promise<FoundReservation | null> {
  const type = reservation.type ?? '';
  const fields: DraftFields = {};
  const shape = TRIPS[type];
  let kind: BookingKind;
  if (type === 'FlightReservation') kind = await flight(reservation, fields);
  else if (shape) kind = await journey(reservation, fields, shape);
  else if (/^(Lodging|RentalCar|Taxi|Event|FoodEstablishment)Reservation$/.test(type)) {
    kind = await visit(reservation, fields, type);
  } else return null;
  setCommon(fields, reservation);
  settleDays(fields);
  return { kind, status: statusOf(reservation), fields };
}

/** What makes two readings the same booking (a mail may carry JSON-LD and microdata both). */
function sameness(found: FoundReservation): string {
  const { fields } = found;
  return [
    found.kind,
    fields.confirmationCode?.value,
    fields.number?.value,
    fields.startAt?.value ?? fields.startDate?.value,
    fields.fromName?.value ?? fields.title?.value,
  ].join('|');
}

/** Every reservation of the items, in the mail's order, each once. */
export async function reservationsOf(items: StructuredItem[]): Promise<FoundReservation[]> {
  const found: FoundReservation[] = [];
  const seen = new Set<string>();
  for (const { item, syntax } of items) {
    for (const reader of reservationsIn(item, syntax)) {
      const reservation = await reservationOf(reader);
      if (!reservation) continue;
      const key = sameness(reservation);
      if (seen.has(key)) continue;
      seen.add(key);
      found.push(reservation);
    }
  }
  return found;
}
