import { z } from 'zod';
import { idSchema } from './ids';
import { LIMITS } from './itinerary-limits';
import { textSchema } from './text';

// How much an import may hold, and what the web app's import forms send (an import's query, a
// pasted list), in a module of its own: the forms check what they send with the server's
// schemas without loading the content schemas of imports.ts (tracks, bookings). imports.ts
// re-exports all of it.

/** What a file may hold at most: more is refused (400) rather than half imported. */
export const IMPORT_LIMITS = {
  places: 1000,
  routes: 50,
  bookings: 500,
  /** Points a route keeps after simplification. */
  routePoints: 500,
  /** XML: elements nested deeper are refused (and so are more elements than `elements`). */
  depth: 64,
  elements: 200_000,
  /** A KMZ's KML once unpacked. */
  unpackedBytes: 20 * 1024 * 1024,
  /** KML folders (each may become a stage). */
  folders: 50,
  /** Pasted list: lines, characters a line, candidates a line. */
  lines: 100,
  lineLength: 2000,
  candidates: 5,
} as const;

const booleanFlag = z
  .enum(['true', 'false'], 'must be true or false')
  .optional()
  .transform((value) => value === 'true');

/** The query of an import: dry run or commit, and where places go. */
export const importQuerySchema = z.strictObject({
  /** true: answer what would be created, create nothing. */
  dryRun: booleanFlag,
  /** Places and routes go into this stage; without it, into a new stage. */
  stageId: idSchema.optional(),
  /** The new stage's title (default: the file's name for its content). */
  stageTitle: textSchema({ max: LIMITS.title }).optional(),
  /** The file's name, shown in the activity and used for titles. */
  fileName: textSchema({ max: 200 }).optional(),
});
export type ImportQuery = z.input<typeof importQuerySchema>;

/** POST /api/imports: a new itinerary from a file. */
export const newItineraryImportQuerySchema = importQuerySchema
  .omit({ stageId: true })
  .extend({ title: textSchema({ max: LIMITS.title }).optional() });

// --- pasted list ---

export const lookupRequestSchema = z.strictObject({
  /** Place names or Google Maps links, one a line. */
  text: textSchema({ max: IMPORT_LIMITS.lines * 200, multiline: true, required: true }),
});
