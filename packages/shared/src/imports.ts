import { z } from 'zod';
import { BOOKING_KINDS } from './bookings';
import { instantSchema } from './fields';
import { idSchema } from './ids';
import { PLACE_CATEGORIES } from './itineraries';

export * from './imports-plain';
export * from './imports-query';

/**
 * Imports (issue 14): a GPX, KML, KMZ, GeoJSON or iCalendar file becomes places, a stage's
 * route and bookings of an itinerary. A dry run answers what would be created; the commit
 * creates it all in one transaction, recorded as one import that can be undone while
 * nothing it created has changed.
 */

/** The largest file accepted (413 above). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_FORMATS = ['gpx', 'kml', 'kmz', 'geojson', 'ics'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** The media types each format is accepted as (a file picker may also send octet-stream). */
export const IMPORT_MEDIA_TYPES: Record<ImportFormat, readonly string[]> = {
  gpx: ['application/gpx+xml'],
  kml: ['application/vnd.google-earth.kml+xml'],
  kmz: ['application/vnd.google-earth.kmz'],
  geojson: ['application/geo+json', 'application/json'],
  ics: ['text/calendar'],
};

/** What an import leaves out: areas, features without a geometry, points off the map… */
export const IMPORT_WARNINGS = [
  'areas',
  'no-geometry',
  'invalid-points',
  'short-lines',
  'cancelled-events',
] as const;
export type ImportWarning = { code: (typeof IMPORT_WARNINGS)[number]; count: number };

export const importedPlaceSchema = z.object({
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  category: z.enum(PLACE_CATEGORIES),
  notes: z.string(),
  /** The KML folder it is in: an index into the content's `folders`. */
  folder: z.number().int().nullable(),
});
export type ImportedPlace = z.infer<typeof importedPlaceSchema>;

export const importedRouteSchema = z.object({
  name: z.string(),
  /** GeoJSON LineString coordinates: [longitude, latitude] (elevation dropped). */
  coordinates: z.array(z.tuple([z.number(), z.number()])),
  /** Points in the file before simplification. */
  originalPoints: z.number().int(),
  /** The KML folder it is in: an index into the content's `folders`. */
  folder: z.number().int().nullable(),
});
export type ImportedRoute = z.infer<typeof importedRouteSchema>;

export const importedBookingSchema = z.object({
  kind: z.enum(BOOKING_KINDS),
  title: z.string(),
  startAt: z.string().nullable(),
  startZone: z.string().nullable(),
  endAt: z.string().nullable(),
  endZone: z.string().nullable(),
  /** An all-day event's first and last day (then it has no times). */
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  fromName: z.string().nullable(),
  toName: z.string().nullable(),
  carrier: z.string().nullable(),
  number: z.string().nullable(),
  confirmationCode: z.string().nullable(),
  address: z.string().nullable(),
  notes: z.string(),
});
export type ImportedBooking = z.infer<typeof importedBookingSchema>;

/**
 * A repeating calendar event: how many of its occurrences become bookings, and which were left
 * out: none, those outside the trip's dates, all but the first (the trip has no dates), or
 * those past the most one series may become.
 */
export const importedSeriesSchema = z.object({
  title: z.string(),
  imported: z.number().int(),
  leftOut: z.enum(['none', 'outside-trip', 'no-trip-dates', 'too-many']),
});
export type ImportedSeries = z.infer<typeof importedSeriesSchema>;

/** What a file holds, as it would be created. */
export const importContentSchema = z.object({
  format: z.enum(IMPORT_FORMATS),
  /** The stage places and routes go to: an existing one (id) or a new one (id null). */
  stage: z.object({ id: idSchema.nullable(), title: z.string() }).nullable(),
  /**
   * The file's folders (KML; Google My Maps layers) that hold places or routes. When they go to
   * a new stage (`stage.id` null), each folder becomes a stage of its own, titled after it, and
   * only what is in no folder goes to `stage`; into an existing stage, folders are not kept.
   */
  folders: z.array(z.object({ title: z.string() })),
  places: z.array(importedPlaceSchema),
  routes: z.array(importedRouteSchema),
  bookings: z.array(importedBookingSchema),
  /** The calendar's repeating events (their occurrences are among `bookings`). */
  series: z.array(importedSeriesSchema),
  /** What was left out, and how many of each ("3 areas are not imported"). */
  warnings: z.array(z.object({ code: z.enum(IMPORT_WARNINGS), count: z.number().int() })),
});
export type ImportContent = z.infer<typeof importContentSchema>;

export const importCountsSchema = z.object({
  stages: z.number().int(),
  places: z.number().int(),
  routes: z.number().int(),
  bookings: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

/** A committed import: what it created, and whether it was undone. */
export const importBatchSchema = z
  .object({
    id: idSchema,
    itineraryId: idSchema,
    format: z.enum(IMPORT_FORMATS),
    fileName: z.string(),
    counts: importCountsSchema,
    /** The stage the places went to (created or existing); null when none. */
    stageId: idSchema.nullable(),
    createdAt: instantSchema,
    undoneAt: instantSchema.nullable(),
  })
  .meta({ id: 'ImportBatch' });
export type ImportBatch = z.infer<typeof importBatchSchema>;

/** The answer of a dry run (200). */
export const importPreviewSchema = importContentSchema.extend({ dryRun: z.literal(true) });
export type ImportPreview = z.infer<typeof importPreviewSchema>;

// --- pasted list ---

export const lookupCandidateSchema = z.object({
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** Country code (ISO 3166-1 alpha-2), empty when unknown. */
  country: z.string(),
  category: z.enum(PLACE_CATEGORIES),
});
export type LookupCandidate = z.infer<typeof lookupCandidateSchema>;

export const LOOKUP_PROBLEMS = ['not-found', 'short-link', 'unreadable-link', 'too-long'] as const;

export const lookupLineSchema = z.object({
  /** The line as pasted (trimmed). */
  line: z.string(),
  /** name: looked up by name; link: coordinates (and a name) read from a map link. */
  kind: z.enum(['name', 'link']),
  candidates: z.array(lookupCandidateSchema),
  /** Why the line has no candidate. */
  problem: z.enum(LOOKUP_PROBLEMS).nullable(),
});
export type LookupLine = z.infer<typeof lookupLineSchema>;

export const lookupResultSchema = z.object({
  items: z.array(lookupLineSchema),
  attribution: z.string(),
});
export type LookupResult = z.infer<typeof lookupResultSchema>;

/** A line a stage follows on the map (an imported track), as `GET …/routes` answers it. */
export const stageRouteSchema = z.object({
  id: idSchema,
  stageId: idSchema,
  name: z.string(),
  /** GeoJSON LineString coordinates: [longitude, latitude], in the order travelled. */
  coordinates: z.array(z.tuple([z.number(), z.number()])),
});
export type StageRoute = z.infer<typeof stageRouteSchema>;

export const stageRoutesSchema = z.object({
  items: z.array(stageRouteSchema),
  nextCursor: z.null(),
});
export type StageRoutes = z.infer<typeof stageRoutesSchema>;
