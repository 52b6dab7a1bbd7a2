import {
  BOOKING_LIMITS,
  TRANSPORT_KINDS,
  bookingDaysProblem,
  bookingTimesProblem,
  type Booking,
  type BookingKind,
  type CreateBooking,
} from '@jammy/shared/bookings';
import { formatAmountInput } from '@jammy/shared/amount';
import { readAmount, type AmountFieldProblem } from '../../components/form/amount-field';

/** A place of a transport booking: a name, and where it is when picked from the gazetteer. */
export interface Endpoint {
  name: string;
  lat: number | null;
  lng: number | null;
  countryCode: string | null;
}

/** The booking form's values, as typed. */
export interface BookingDraft {
  kind: BookingKind;
  title: string;
  /** The stage it belongs to, if any. */
  stageId: string | null;
  carrier: string;
  number: string;
  from: Endpoint;
  to: Endpoint;
  startAt: string;
  startZone: string | null;
  endAt: string;
  endZone: string | null;
  /** Days instead of times (a stay, a day pass): `startDate` and `endDate` are sent, not times. */
  allDay: boolean;
  startDate: string;
  endDate: string;
  confirmationCode: string;
  address: string;
  /** As typed, in the UI language ("612,40"); read by the shared parser. */
  cost: string;
  currency: string | null;
  url: string;
  notes: string;
}

export type BookingField = keyof BookingDraft;
/**
 * Translation keys (namespace `bookings`) per field; the cost's own problems are those of
 * the amount field, which words them itself.
 */
export type BookingErrors = Partial<Record<Exclude<BookingField, 'cost'>, string>> & {
  cost?: string | { problem: AmountFieldProblem };
};

const NO_ENDPOINT: Endpoint = { name: '', lat: null, lng: null, countryCode: null };

/** Which fields a kind asks for, beyond title, times, code, cost, link and notes. */
export function fieldsOf(kind: BookingKind) {
  const transport = TRANSPORT_KINDS.includes(kind);
  return {
    transport,
    carrier: transport || kind === 'car-rental' || kind === 'accommodation',
    address: !transport,
  };
}

/** A new booking's draft; its cost starts in `currency`, the trip's, when it has one. */
export function emptyDraft(zone: string, currency: string | null): BookingDraft {
  return {
    kind: 'flight',
    title: '',
    stageId: null,
    carrier: '',
    number: '',
    from: NO_ENDPOINT,
    to: NO_ENDPOINT,
    startAt: '',
    startZone: zone,
    endAt: '',
    endZone: zone,
    allDay: false,
    startDate: '',
    endDate: '',
    confirmationCode: '',
    address: '',
    cost: '',
    currency,
    url: '',
    notes: '',
  };
}

export function draftOf(booking: Booking, zone: string, language: string): BookingDraft {
  const endpoint = (name: string | null, lat: number | null, lng: number | null): Endpoint => ({
    name: name ?? '',
    lat,
    lng,
    countryCode: null,
  });
  return {
    kind: booking.kind,
    title: booking.title,
    stageId: booking.stageId,
    carrier: booking.carrier ?? '',
    number: booking.number ?? '',
    from: endpoint(booking.fromName, booking.fromLat, booking.fromLng),
    to: endpoint(booking.toName, booking.toLat, booking.toLng),
    startAt: booking.startAt ?? '',
    startZone: booking.startZone ?? zone,
    endAt: booking.endAt ?? '',
    endZone: booking.endZone ?? booking.startZone ?? zone,
    allDay: booking.startDate !== null,
    startDate: booking.startDate ?? '',
    endDate: booking.endDate ?? '',
    confirmationCode: booking.confirmationCode ?? '',
    address: booking.address ?? '',
    cost:
      booking.costMinor === null || !booking.currency
        ? ''
        : formatAmountInput(booking.costMinor, booking.currency, language),
    currency: booking.currency,
    url: booking.url ?? '',
    notes: booking.notes,
  };
}

/** A place picked from the search: where it is, and the time zone in force there. */
export interface PickedPlace {
  name: string;
  lat: number;
  lng: number;
  country: string;
  timezone: string | null;
}

/**
 * The draft with a place picked as its From (or To): the departure's (or arrival's) zone
 * becomes the place's, which the traveller can still change. A place without a zone (at sea)
 * leaves the zone as it was.
 */
export function pickEndpoint(
  draft: BookingDraft,
  end: 'from' | 'to',
  place: PickedPlace,
): BookingDraft {
  const endpoint = { name: place.name, lat: place.lat, lng: place.lng, countryCode: place.country };
  const zone = end === 'from' ? 'startZone' : 'endZone';
  return { ...draft, [end]: endpoint, [zone]: place.timezone ?? draft[zone] };
}

const text = (value: string) => (value.trim() === '' ? null : value.trim());

/** A draft's times, or its days when it is all-day (the other pair cleared). */
function timesOf(draft: BookingDraft) {
  const allDay = draft.allDay;
  return {
    startAt: (!allDay && draft.startAt) || null,
    startZone: !allDay && draft.startAt ? draft.startZone : null,
    endAt: (!allDay && draft.endAt) || null,
    endZone: !allDay && draft.endAt ? draft.endZone : null,
    startDate: (allDay && draft.startDate) || null,
    endDate: (allDay && draft.endDate) || null,
  };
}

/**
 * The cost in minor units, null when none was typed. Only for a draft `validateDraft` passed:
 * a cost it cannot read is never sent as no cost.
 */
function costMinorOf(draft: BookingDraft, language: string): number | null {
  if (draft.cost.trim() === '') return null;
  const cost = draft.currency ? readAmount(draft.cost, draft.currency, language) : null;
  if (!cost?.ok) throw new RangeError('The cost was not checked before it was sent');
  return cost.minor;
}

/**
 * The request body of a draft: every field, so a change sends the booking whole; a field the
 * kind does not ask for is cleared.
 */
export function payloadOf(draft: BookingDraft, language: string): Omit<CreateBooking, 'placeId'> {
  const shown = fieldsOf(draft.kind);
  const endpoint = (value: Endpoint) =>
    shown.transport && value.name.trim()
      ? { name: value.name.trim(), lat: value.lat, lng: value.lng }
      : { name: null, lat: null, lng: null };
  const from = endpoint(draft.from);
  const to = endpoint(draft.to);
  const cost = costMinorOf(draft, language);
  return {
    kind: draft.kind,
    title: draft.title.trim(),
    stageId: draft.stageId,
    carrier: shown.carrier ? text(draft.carrier) : null,
    number: shown.transport ? text(draft.number) : null,
    fromName: from.name,
    fromLat: from.lat,
    fromLng: from.lng,
    toName: to.name,
    toLat: to.lat,
    toLng: to.lng,
    ...timesOf(draft),
    confirmationCode: text(draft.confirmationCode),
    address: shown.address ? text(draft.address) : null,
    costMinor: cost,
    currency: cost === null ? null : draft.currency,
    url: text(draft.url),
    notes: draft.notes,
  };
}

/** Checks the draft as the server will, the cost as typed in `language`. */
export function validateDraft(draft: BookingDraft, language: string): BookingErrors {
  const errors: BookingErrors = {};
  if (!draft.title.trim()) errors.title = 'validation.required';
  else if (draft.title.trim().length > BOOKING_LIMITS.title) errors.title = 'validation.tooLong';
  const times = timesOf(draft);
  if (times.startAt && !times.startZone) errors.startZone = 'validation.zone';
  if (times.endAt && !times.endZone) errors.endZone = 'validation.zone';
  if (bookingTimesProblem(times)) errors.endAt = 'validation.endBeforeStart';
  const days = bookingDaysProblem(times);
  if (days?.field === 'startDate') errors.startDate = 'validation.firstDay';
  if (days?.field === 'endDate') errors.endDate = 'validation.endBeforeStart';
  if (draft.cost.trim() !== '') {
    // A cost without its currency is refused there, never dropped.
    if (!draft.currency) errors.currency = 'validation.currency';
    else {
      const cost = readAmount(draft.cost, draft.currency, language);
      if (!cost.ok) errors.cost = { problem: cost.problem };
    }
  }
  if (draft.url.trim() && !/^https?:\/\/\S+$/i.test(draft.url.trim())) {
    errors.url = 'validation.url';
  }
  return errors;
}

/** A field the API named in a 400, as the draft's field. */
export function draftFieldOf(apiField: string): BookingField | null {
  const map: Record<string, BookingField> = {
    fromName: 'from',
    fromLat: 'from',
    fromLng: 'from',
    toName: 'to',
    toLat: 'to',
    toLng: 'to',
    costMinor: 'cost',
  };
  if (apiField in map) return map[apiField] ?? null;
  const fields: BookingField[] = [
    'kind',
    'title',
    'stageId',
    'carrier',
    'number',
    'startAt',
    'startZone',
    'endAt',
    'endZone',
    'startDate',
    'endDate',
    'confirmationCode',
    'address',
    'currency',
    'url',
    'notes',
  ];
  return fields.includes(apiField as BookingField) ? (apiField as BookingField) : null;
}
