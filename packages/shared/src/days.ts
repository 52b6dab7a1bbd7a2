// The API of a day's plan: travel times, the timed day, the best order and its application.
import { z } from 'zod';
import { DEFAULT_DAY_END } from './day-defaults';
import { timeOfDaySchema } from './fields';
import { idSchema } from './ids';
import { PLACE_CATEGORIES } from './itinerary-limits';
import { TRAVEL_MODES } from './travel-estimate';

/** The most stops a day's plan takes: beyond, an optimisation would keep a request too long. */
export const DAY_PLAN_MAX_STOPS = 40;

/** The query of a day's travel times and of its timed day. */
export const dayPlanQuerySchema = z.strictObject({
  mode: z.enum(TRAVEL_MODES, `must be one of ${TRAVEL_MODES.join(', ')}`).default('walk'),
  /** When the day leaves its start; an arrival's time when the day starts with one. */
  start: timeOfDaySchema.optional(),
  /** The latest the day should end. */
  end: timeOfDaySchema.default(DEFAULT_DAY_END),
});
export type DayPlanQuery = z.input<typeof dayPlanQuerySchema>;

/** The query of an optimisation: the plan's, and the places pinned where they are. */
export const dayOptimiseQuerySchema = dayPlanQuerySchema.extend({
  /** Places (ids, comma-separated) that keep their place in the order. */
  pinned: z
    .string()
    .optional()
    .transform((value) => (value ? value.split(',') : []))
    .pipe(z.array(idSchema).max(DAY_PLAN_MAX_STOPS)),
});

/** The body of an accepted optimisation: the day's places in their new order. */
export const dayOrderSchema = z.strictObject({
  placeIds: z.array(idSchema).min(1, 'must name the day’s places').max(DAY_PLAN_MAX_STOPS),
});
export type DayOrder = z.infer<typeof dayOrderSchema>;

const point = { lat: z.number(), lng: z.number(), name: z.string() };

export const dayEndSchema = z.object({
  ...point,
  placeId: idSchema.nullable(),
  bookingId: idSchema.nullable(),
  time: z.string().nullable(),
});

export const dayStopSchema = z.object({
  ...point,
  placeId: idSchema.nullable(),
  bookingId: idSchema.nullable(),
  category: z.enum(PLACE_CATEGORIES).nullable(),
  durationMinutes: z.number().int().nullable(),
  openingHours: z.string().nullable(),
  time: z.string().nullable(),
});

/** A leg of travel: into each stop in turn, then to the day's end. */
export const travelLegSchema = z.object({
  distanceMeters: z.number().int(),
  durationSeconds: z.number().int(),
  /** True when the offline estimate gave it, not a router. */
  estimate: z.boolean(),
});
export type TravelLegAnswer = z.infer<typeof travelLegSchema>;

export const dayWarningSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('overrun'), minutes: z.number().int() }),
  z.object({ kind: z.literal('closed'), stop: z.number().int() }),
  z.object({
    kind: z.literal('late'),
    stop: z.number().int().nullable(),
    minutes: z.number().int(),
  }),
]);

/** A day's travel: its ends, stops, legs and the router that gave them. */
export const dayTravelSchema = z.object({
  day: z.string(),
  mode: z.enum(TRAVEL_MODES),
  /** The routing server asked (osrm, valhalla, graphhopper), null when all is estimated. */
  router: z.string().nullable(),
  start: dayEndSchema.nullable(),
  end: dayEndSchema.nullable(),
  stops: z.array(dayStopSchema),
  legs: z.array(travelLegSchema),
  unlocated: z.array(z.object({ id: idSchema, name: z.string() })),
});
export type DayTravel = z.infer<typeof dayTravelSchema>;

/** A day on the clock: minutes from the day's midnight. */
export const dayTimelineSchema = z.object({
  startTime: z.string(),
  stops: z.array(
    z.object({ arrive: z.number().int(), begin: z.number().int(), leave: z.number().int() }),
  ),
  finish: z.number().int(),
  warnings: z.array(dayWarningSchema),
});

export const dayPlanSchema = dayTravelSchema.extend({ timeline: dayTimelineSchema });
export type DayPlan = z.infer<typeof dayPlanSchema>;

/** A proposed order: today's plan, the proposed one, and the travel it saves. */
export const dayProposalSchema = z.object({
  method: z.enum(['exact', 'heuristic', 'current']),
  savedSeconds: z.number().int(),
  /** The day's places in the proposed order (what PUT …/order takes). */
  placeIds: z.array(idSchema),
  current: dayPlanSchema,
  proposed: dayPlanSchema,
});
export type DayProposal = z.infer<typeof dayProposalSchema>;
