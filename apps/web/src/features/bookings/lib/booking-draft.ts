import {
  TRANSPORT_KINDS,
  type Booking,
  type BookingKind,
  type CreateBooking,
} from '@jammy/shared/bookings';
import { formatAmountInput } from '@jammy/shared/amount';
import {
  minorUnitsOf,
  readAmount,
  type AmountFieldProblem,
} from '../../../components/form/amount-field';
import { NO_PLACE, type PlaceValue } from '../../../components/form/place-field';
import type { FieldMessages } from '../../../components/form/use-form';

/** A place of a transport booking: a name, and where it is when picked from the gazetteer. */
export type Endpoint = PlaceValue;

/** The booking form's values, as typed (a type, as the form kit's values are). */
export type BookingDraft = {
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
  /** Null or empty when none is chosen. */
  currency: string | null;
  url: string;
  notes: string;
};

/**
 * The booking form's words for the shared schema's problems (namespace `bookings`); the rest
 * are the form kit's.
 */
export const BOOKING_MESSAGES: FieldMessages<keyof BookingDraft> = {
  title: { required: 'validation.required' },
  // The schema's rules of a booking as a whole: a time needs its zone, the end comes after
  // the start, a last day needs a first, a cost its currency.
  startZone: { required: 'validation.zone' },
  endZone: { required: 'validation.zone' },
  endAt: { invalid: 'validation.endBeforeStart' },
  startDate: { required: 'validation.firstDay' },
  endDate: { invalid: 'validation.endBeforeStart' },
  currency: { required: 'validation.currency' },
  url: { invalid: 'validation.url' },
};

/** The body's places are the form's From and To, its minor units the typed cost. */
export const BOOKING_FIELDS_OF_BODY = {
  fromName: 'from',
  fromLat: 'from',
  fromLng: 'from',
  toName: 'to',
  toLat: 'to',
  toLng: 'to',
  costMinor: 'cost',
} as const;

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
    from: NO_PLACE,
    to: NO_PLACE,
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
 * The request body of a draft: every field, so a change sends the booking whole; a field the
 * kind does not ask for is cleared. Only for a draft whose cost `typedProblems` passed: a cost
 * it cannot read is never sent as no cost.
 */
export function payloadOf(draft: BookingDraft, language: string): Omit<CreateBooking, 'placeId'> {
  const shown = fieldsOf(draft.kind);
  const endpoint = (value: Endpoint) =>
    shown.transport && value.name.trim()
      ? { name: value.name.trim(), lat: value.lat, lng: value.lng }
      : { name: null, lat: null, lng: null };
  const from = endpoint(draft.from);
  const to = endpoint(draft.to);
  const cost = minorUnitsOf(draft.cost, draft.currency, language);
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

/**
 * What must read before the booking has a body (the rest is the shared schema's to check): the
 * cost as typed in `language`, as the amount field words its problem, and a cost's currency.
 */
export function typedProblems(
  draft: BookingDraft,
  language: string,
): { cost?: { problem: AmountFieldProblem }; currency?: 'validation.currency' } {
  if (draft.cost.trim() === '') return {};
  // A cost without its currency is refused there, never dropped.
  if (!draft.currency) return { currency: 'validation.currency' };
  const cost = readAmount(draft.cost, draft.currency, language);
  return cost.ok ? {} : { cost: { problem: cost.problem } };
}
