import { z } from 'zod';
import {
  amountMinorSchema,
  currencySchema,
  instantSchema,
  isTimeZone,
  latitudeSchema,
  localDateTimeSchema,
  longitudeSchema,
  timeZoneSchema,
  versionSchema,
  webUrlSchema,
} from './fields';
import { idSchema } from './ids';
import { textSchema } from './text';

/**
 * Bookings (reservations) of an itinerary: a flight, a hotel, a table. Times are wall-clock
 * times with their own IANA zone (a flight leaves at 08:30 Europe/Rome and lands at 11:05
 * Asia/Tokyo), so a change of the zone's rules never moves a booking, and the calendar export
 * writes them as `DTSTART;TZID=…` exactly as printed on the ticket.
 */
export const BOOKING_KINDS = [
  'flight',
  'train',
  'bus',
  'ferry',
  'car-rental',
  'accommodation',
  'activity',
  'restaurant',
  'other',
] as const;
export type BookingKind = (typeof BOOKING_KINDS)[number];

/** Kinds that travel from somewhere to somewhere (carrier, number, from, to). */
export const TRANSPORT_KINDS: readonly BookingKind[] = ['flight', 'train', 'bus', 'ferry'];

export const BOOKING_LIMITS = {
  title: 160,
  carrier: 120,
  number: 40,
  placeName: 160,
  confirmationCode: 80,
  address: 300,
  notes: 4000,
} as const;

function text(max: number, multiline = false) {
  return textSchema({ max, multiline });
}

const bookingFields = {
  kind: z.enum(BOOKING_KINDS),
  /** What the traveller calls it ("Flight to Tokyo", "Hotel Sakura"). */
  title: textSchema({ max: BOOKING_LIMITS.title, required: true }),
  stageId: idSchema.nullable(),
  placeId: idSchema.nullable(),
  /** Airline, rail company, rental firm, hotel chain. */
  carrier: text(BOOKING_LIMITS.carrier).nullable(),
  /** Flight or train number, room type… */
  number: text(BOOKING_LIMITS.number).nullable(),
  fromName: text(BOOKING_LIMITS.placeName).nullable(),
  fromLat: latitudeSchema.nullable(),
  fromLng: longitudeSchema.nullable(),
  toName: text(BOOKING_LIMITS.placeName).nullable(),
  toLat: latitudeSchema.nullable(),
  toLng: longitudeSchema.nullable(),
  /** Departure, check-in, start: wall-clock time in `startZone`. */
  startAt: localDateTimeSchema.nullable(),
  startZone: timeZoneSchema.nullable(),
  /** Arrival, check-out, end: wall-clock time in `endZone`. */
  endAt: localDateTimeSchema.nullable(),
  endZone: timeZoneSchema.nullable(),
  /** Hidden from share-link readers. */
  confirmationCode: text(BOOKING_LIMITS.confirmationCode).nullable(),
  address: text(BOOKING_LIMITS.address).nullable(),
  /** In the currency's minor unit; counts in the budget. */
  costMinor: amountMinorSchema.nullable(),
  currency: currencySchema.nullable(),
  url: webUrlSchema.nullable(),
  notes: text(BOOKING_LIMITS.notes, true),
};

export type BookingInput = {
  startAt?: string | null;
  startZone?: string | null;
  endAt?: string | null;
  endZone?: string | null;
  costMinor?: number | null;
  currency?: string | null;
};

/**
 * The instant (milliseconds since 1970, UTC) of a wall-clock time `YYYY-MM-DDTHH:MM` in an IANA
 * zone, through Intl alone. A time skipped by a change to summer time reads as the hour after,
 * a repeated one (the hour when clocks go back) as its second occurrence.
 */
export function zonedInstant(local: string, zone: string): number {
  const [date = '', time = ''] = local.split('T');
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const wall = utc(year, month, day, hour, minute, 0);
  const first = wall - offsetOf(wall, zone);
  const second = wall - offsetOf(first, zone);
  return first === second ? first : Math.max(first, second);
}

/** Date.UTC without its two-digit-year rule (years 1–99 stay themselves). */
function utc(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
) {
  const date = new Date(Date.UTC(2000, month - 1, day, hour, minute, second));
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime();
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** How far `zone`'s wall clock is ahead of UTC at the instant `at`, in milliseconds. */
export function offsetOf(at: number, zone: string): number {
  let format = offsetFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    offsetFormats.set(zone, format);
  }
  const parts = Object.fromEntries(
    format.formatToParts(new Date(at)).map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  const asUtc = utc(
    parts.year ?? 1970,
    parts.month ?? 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return asUtc - (at - (((at % 1000) + 1000) % 1000));
}

/** A problem with a booking's times as a whole: the end before the start (null: none). */
export function bookingTimesProblem(value: BookingInput): string | null {
  const { startAt, startZone, endAt, endZone } = value;
  if (!startAt || !startZone || !endAt || !endZone) return null;
  // Refinements run even after a field failed: only whole, valid times are compared.
  const valid = (local: string, zone: string) =>
    localDateTimeSchema.safeParse(local).success && isTimeZone(zone);
  if (!valid(startAt, startZone) || !valid(endAt, endZone)) return null;
  return zonedInstant(endAt, endZone) < zonedInstant(startAt, startZone)
    ? 'must not be before the start'
    : null;
}

/** A time needs its zone, a cost its currency, and the end comes after the start. */
export function bookingRules(value: BookingInput, context: z.RefinementCtx) {
  if (value.startAt && !value.startZone) {
    context.addIssue({ code: 'custom', path: ['startZone'], message: 'is required with startAt' });
  }
  if (value.endAt && !value.endZone) {
    context.addIssue({ code: 'custom', path: ['endZone'], message: 'is required with endAt' });
  }
  if (value.costMinor != null && !value.currency) {
    context.addIssue({ code: 'custom', path: ['currency'], message: 'is required with a cost' });
  }
  const problem = bookingTimesProblem(value);
  if (problem) context.addIssue({ code: 'custom', path: ['endAt'], message: problem });
}

const optional = Object.fromEntries(
  Object.entries(bookingFields).map(([key, schema]) => [key, schema.optional()]),
) as { [K in keyof typeof bookingFields]: z.ZodOptional<(typeof bookingFields)[K]> };

export const createBookingSchema = z
  .strictObject({ ...optional, kind: bookingFields.kind, title: bookingFields.title })
  .superRefine(bookingRules);
export type CreateBooking = z.input<typeof createBookingSchema>;

/**
 * A change names only what changes (a new departure time keeps its stored zone): the rules of
 * `bookingRules` hold for the booking as it will be, so the server checks them there.
 */
export const updateBookingSchema = z.strictObject({
  ...optional,
  version: versionSchema.optional(),
});
export type UpdateBooking = z.input<typeof updateBookingSchema>;

export const bookingSchema = z.object({
  id: idSchema,
  itineraryId: idSchema,
  kind: z.enum(BOOKING_KINDS),
  title: z.string(),
  stageId: idSchema.nullable(),
  placeId: idSchema.nullable(),
  carrier: z.string().nullable(),
  number: z.string().nullable(),
  fromName: z.string().nullable(),
  fromLat: z.number().nullable(),
  fromLng: z.number().nullable(),
  toName: z.string().nullable(),
  toLat: z.number().nullable(),
  toLng: z.number().nullable(),
  startAt: z.string().nullable(),
  startZone: z.string().nullable(),
  endAt: z.string().nullable(),
  endZone: z.string().nullable(),
  /** Null for share-link readers, whatever is stored. */
  confirmationCode: z.string().nullable(),
  address: z.string().nullable(),
  costMinor: z.number().int().nullable(),
  currency: z.string().nullable(),
  url: z.string().nullable(),
  notes: z.string(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
  version: z.number().int(),
});
export type Booking = z.infer<typeof bookingSchema>;
