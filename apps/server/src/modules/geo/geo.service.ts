import type { GeoPlace, GeoSearchQuery, GeoSearchResult } from '@jammy/shared/geo';
import type { FastifyBaseLogger } from 'fastify';
import { GAZETTEER_ATTRIBUTION, normalizeName, type Gazetteer } from './gazetteer';
import type { GeocodedPlace, Geocoder } from './geocoder';
import { presentCity, presentPoi } from './geo.presenter';
import { TIME_ZONE_ATTRIBUTION } from './time-zone';

/** Credit owed for points of interest: Photon and Nominatim serve OpenStreetMap data. */
const GEOCODER_ATTRIBUTION = 'Places: © OpenStreetMap contributors, ODbL';

export interface GeoSearchDeps {
  gazetteer: () => Gazetteer;
  geocoder: Geocoder | undefined;
  log: FastifyBaseLogger;
}

/**
 * Cities from the gazetteer first, then points of interest from the geocoder when one is
 * configured. A failing or slow geocoder only costs its own results.
 */
export async function searchPlaces(
  deps: GeoSearchDeps,
  query: GeoSearchQuery,
): Promise<GeoSearchResult> {
  const wantCities = query.kind !== 'poi';
  const wantPois = query.kind !== 'city' && deps.geocoder !== undefined;
  const pending = wantPois ? geocode(deps, query) : Promise.resolve([]);
  const cities = wantCities ? deps.gazetteer().search(query.q, query.limit) : [];
  const cityItems = cities.map((city) => presentCity(city, query.lang));
  const poiItems = withoutKnownCities(await pending, cityItems).map((place) =>
    presentPoi(place, query.lang),
  );
  // Leave room for points of interest even when many towns share the name (San Marco).
  const poiSlots = Math.min(
    poiItems.length,
    Math.max(query.limit - cityItems.length, Math.floor(query.limit / 2)),
  );
  const items = [...cityItems.slice(0, query.limit - poiSlots), ...poiItems.slice(0, poiSlots)];
  const attribution = [
    GAZETTEER_ATTRIBUTION,
    ...(poiSlots > 0 ? [GEOCODER_ATTRIBUTION] : []),
    TIME_ZONE_ATTRIBUTION,
  ].join('. ');
  return { items, nextCursor: null, attribution };
}

async function geocode(deps: GeoSearchDeps, query: GeoSearchQuery): Promise<GeocodedPlace[]> {
  const geocoder = deps.geocoder;
  if (!geocoder) return [];
  try {
    return await geocoder.search({ q: query.q, limit: query.limit, lang: query.lang });
  } catch (error) {
    deps.log.warn({ err: error, geocoder: geocoder.kind }, 'geocoder failed; cities only');
    return [];
  }
}

/** A geocoder also knows towns: drop those the gazetteer already answered. */
function withoutKnownCities(places: GeocodedPlace[], cities: GeoPlace[]): GeocodedPlace[] {
  const known = new Set(cities.map((city) => `${normalizeName(city.name)}|${city.country}`));
  return places.filter((place) => !known.has(`${normalizeName(place.name)}|${place.country}`));
}
