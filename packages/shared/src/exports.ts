import { z } from 'zod';
import { instantSchema } from './fields';
import { idSchema } from './ids';
import { itineraryTreeSchema, noteSchema, tripListSchema } from './itineraries';

/**
 * Exports of an itinerary (issue 14): a calendar file, GPX and GeoJSON for maps, the whole
 * trip as JSON, and a private calendar feed that calendar apps subscribe to.
 */
export const EXPORT_FORMATS = ['ics', 'gpx', 'geojson', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The media type each export is sent with. */
export const EXPORT_MEDIA_TYPES: Record<ExportFormat, string> = {
  ics: 'text/calendar',
  gpx: 'application/gpx+xml',
  geojson: 'application/geo+json',
  json: 'application/json',
};

/**
 * The JSON export: the document of GET /api/itineraries/{id}, with the notes, the lists and
 * the bookings of the trip.
 */
export const itineraryExportSchema = itineraryTreeSchema.extend({
  notes: z.array(noteSchema),
  lists: z.array(tripListSchema),
  exportedAt: instantSchema,
});
export type ItineraryExport = z.infer<typeof itineraryExportSchema>;

/**
 * POST /api/itineraries/{id}/calendar-feed (the body may be left out). Whoever holds a feed's
 * address reads it, and addresses get pasted into shared calendars: bookings' confirmation
 * codes are in it only when its maker asks for them.
 */
export const createCalendarFeedSchema = z.strictObject({
  includeConfirmationCodes: z.boolean('must be true or false').optional(),
});
export type CreateCalendarFeed = z.input<typeof createCalendarFeedSchema>;

/**
 * The caller's calendar feed of an itinerary. `url` (with the token) is answered only when the
 * feed is made: the server keeps the token's hash, never the token.
 */
export const calendarFeedSchema = z.object({
  id: idSchema,
  itineraryId: idSchema,
  createdAt: instantSchema,
  lastReadAt: instantSchema.nullable(),
  url: z.string().nullable(),
  /** Whether its bookings carry their confirmation codes (chosen when it is made). */
  includeConfirmationCodes: z.boolean(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** GET /api/itineraries/{id}/calendar-feed: the caller's feed, or null when they have none. */
export const calendarFeedStateSchema = z.object({ feed: calendarFeedSchema.nullable() });
export type CalendarFeedState = z.infer<typeof calendarFeedStateSchema>;
