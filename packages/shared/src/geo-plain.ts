// The part of geo.ts without zod: the limits of the place search and its kinds, which the web
// app's search box reads. geo.ts re-exports all of it. The search box is part of the form kit
// the app loads while idle after its first page; importing geo.ts there would build every
// schema of the itineraries (its categories) on that load, a long task on a phone.

/** Limits of GET /api/geo/search, shared by the search box and the server. */
export const GEO_SEARCH_LIMITS = {
  queryLength: 100,
  defaultResults: 8,
  maxResults: 20,
} as const;

/** A city or town from the gazetteer, or a point of interest from the geocoder. */
export const GEO_PLACE_KINDS = ['city', 'poi'] as const;
export type GeoPlaceKind = (typeof GEO_PLACE_KINDS)[number];

export const GEO_SOURCES = ['gazetteer', 'geocoder'] as const;
export type GeoSource = (typeof GEO_SOURCES)[number];
