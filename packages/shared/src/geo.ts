import { z } from 'zod';
import { PLACE_CATEGORIES } from './itineraries';
import { LANGUAGES } from './languages';
import { GEO_PLACE_KINDS, GEO_SEARCH_LIMITS, GEO_SOURCES } from './geo-plain';

export * from './geo-plain';

/** The query string of GET /api/geo/search. */
export const geoSearchQuerySchema = z.strictObject({
  q: z
    .string('is required')
    .trim()
    .min(1, 'must not be empty')
    .max(
      GEO_SEARCH_LIMITS.queryLength,
      `must be at most ${GEO_SEARCH_LIMITS.queryLength} characters`,
    ),
  limit: z.coerce
    .number('must be a number')
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(GEO_SEARCH_LIMITS.maxResults, `must be at most ${GEO_SEARCH_LIMITS.maxResults}`)
    .default(GEO_SEARCH_LIMITS.defaultResults),
  lang: z.enum(LANGUAGES, `must be one of ${LANGUAGES.join(', ')}`).default('en'),
  /** Only cities (gazetteer) or only points of interest (geocoder); both when absent. */
  kind: z.enum(GEO_PLACE_KINDS, `must be one of ${GEO_PLACE_KINDS.join(', ')}`).optional(),
});
export type GeoSearchQuery = z.infer<typeof geoSearchQuerySchema>;

/** One search result. */
export const geoPlaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** ISO 3166-1 alpha-2 code, e.g. `IT`. */
  country: z.string(),
  /** The country's name in the requested language. */
  countryName: z.string(),
  /** A region code (`NY`) for a city, the town or region for a point of interest. */
  admin: z.string().optional(),
  lat: z.number(),
  lng: z.number(),
  /** Inhabitants (0 when unknown and for points of interest). */
  population: z.number().int().nonnegative(),
  /**
   * The IANA time zone at the place (`Asia/Tokyo`), from its coordinates, offline; null at sea.
   * A booking's form sets a departure's or arrival's zone from it.
   */
  timezone: z.string().nullable(),
  kind: z.enum(GEO_PLACE_KINDS),
  /**
   * The category a place picked from the results gets, read from the data: `city` for the
   * gazetteer's populated places, the OpenStreetMap tags of a geocoder's place (`other`
   * when they say nothing Jammy has a category for).
   */
  category: z.enum(PLACE_CATEGORIES),
  /**
   * A point of interest's opening hours in OpenStreetMap's `opening_hours` syntax, when the
   * geocoder gives them (Nominatim's `extratags`, Photon's `extra`); a place picked from the
   * results keeps them, for the day plan's "closed then" warning.
   */
  openingHours: z.string().optional(),
  source: z.enum(GEO_SOURCES),
});
export type GeoPlace = z.infer<typeof geoPlaceSchema>;

/** The answer of GET /api/geo/search: one page only, so `nextCursor` is always null. */
export const geoSearchResultSchema = z.object({
  items: z.array(geoPlaceSchema),
  nextCursor: z.null(),
  /** Credit for the data shown, to display with the results. */
  attribution: z.string(),
});
export type GeoSearchResult = z.infer<typeof geoSearchResultSchema>;

/** What the web app learns of the place search before searching (GET /api/client-config). */
export const placeSearchSettingsSchema = z.object({
  /** A geocoder is configured: the search finds sights, museums, stations… not only towns. */
  pointsOfInterest: z.boolean(),
});
export type PlaceSearchSettings = z.infer<typeof placeSearchSettingsSchema>;
