import { z } from 'zod';
import {
  amountMinorSchema,
  currencySchema,
  dateSchema,
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
import {
  BOOKING_KINDS,
  BOOKING_LIMITS,
  bookingDaysProblem,
  zonedInstant,
  type BookingInput,
} from './bookings-plain';

export * from './bookings-plain';

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
  /**
   * An all-day booking (a hotel stay, a museum day, an event a calendar gives as dates) has
   * days instead of times: its first day, and its last when it lasts more than one. No zone.
   */
  startDate: dateSchema.nullable(),
  endDate: dateSchema.nullable(),
  /** Hidden from share-link readers. */
  confirmationCode: text(BOOKING_LIMITS.confirmationCode).nullable(),
  address: text(BOOKING_LIMITS.address).nullable(),
  /** In the currency's minor unit; counts in the budget. */
  costMinor: amountMinorSchema.nullable(),
  currency: currencySchema.nullable(),
  url: webUrlSchema.nullable(),
  notes: text(BOOKING_LIMITS.notes, true),
};

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

/**
 * A time needs its zone, a cost its currency, and the end comes after the start; a booking
 * is all-day (days) or timed (times), and its last day comes after its first.
 */
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
  const days = bookingDaysProblem(value);
  if (days) context.addIssue({ code: 'custom', path: [days.field], message: days.message });
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
  /** An all-day booking's first day (`YYYY-MM-DD`); then it has no times. */
  startDate: z.string().nullable(),
  /** An all-day booking's last day, when it lasts more than one. */
  endDate: z.string().nullable(),
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
