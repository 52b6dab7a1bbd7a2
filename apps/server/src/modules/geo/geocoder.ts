import { isValidOpeningHours } from '@jammy/shared/day-timeline';
import { LIMITS } from '@jammy/shared/itinerary-limits';
import type { PlaceCategory } from '@jammy/shared/itineraries';
import { z } from 'zod';
import type { GeocoderKind } from '../../config/services';
import { osmCategory } from './osm-category';

/** A geocoder gets this long to answer before the search goes on without it. */
export const GEOCODER_TIMEOUT_MS = 3000;
const USER_AGENT = 'Jammy (self-hosted)';
// Photon answers 400 for languages it has no names in; it then uses local names.
const PHOTON_LANGUAGES: ReadonlySet<string> = new Set(['en', 'de', 'fr', 'it']);

/** A point of interest as a geocoder found it (country as an ISO 3166-1 alpha-2 code). */
export interface GeocodedPlace {
  id: string;
  name: string;
  country: string;
  admin: string | undefined;
  lat: number;
  lng: number;
  /** From the place's OpenStreetMap tag (`tourism=museum` → museum), else `other`. */
  category: PlaceCategory;
  /** Its OpenStreetMap `opening_hours` tag, when the geocoder gives it and it can be read. */
  openingHours?: string;
}

export interface GeocoderQuery {
  q: string;
  limit: number;
  lang: string;
}

/** An online geocoder; `search` rejects when it fails or is too slow. */
export interface Geocoder {
  readonly kind: GeocoderKind;
  search(query: GeocoderQuery): Promise<GeocodedPlace[]>;
}

/** A client for the Photon or Nominatim server at `url` (its base address). */
export function createGeocoder(options: {
  url: string;
  kind: GeocoderKind;
  timeoutMs?: number;
}): Geocoder {
  const base = options.url.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? GEOCODER_TIMEOUT_MS;
  const photon = options.kind === 'photon';
  return {
    kind: options.kind,
    async search(query) {
      const url = photon ? photonUrl(base, query) : nominatimUrl(base, query);
      const response = await fetch(url, {
        headers: { 'user-agent': USER_AGENT, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`the geocoder answered HTTP ${response.status}`);
      const body: unknown = await response.json();
      const places = photon ? fromPhoton(body) : fromNominatim(body);
      return places.slice(0, query.limit);
    },
  };
}

function photonUrl(base: string, query: GeocoderQuery): URL {
  const url = new URL(`${base}/api`);
  url.searchParams.set('q', query.q);
  url.searchParams.set('limit', String(query.limit));
  if (PHOTON_LANGUAGES.has(query.lang)) url.searchParams.set('lang', query.lang);
  return url;
}

function nominatimUrl(base: string, query: GeocoderQuery): URL {
  const url = new URL(`${base}/search`);
  url.searchParams.set('q', query.q);
  url.searchParams.set('limit', String(query.limit));
  url.searchParams.set('format', 'jsonv2');
  url.searchParams.set('addressdetails', '1');
  // The place's other tags, among them its opening hours.
  url.searchParams.set('extratags', '1');
  url.searchParams.set('accept-language', query.lang);
  return url;
}

const photonFeature = z.object({
  geometry: z.object({ coordinates: z.tuple([z.number(), z.number()]).rest(z.number()) }),
  properties: z.object({
    osm_type: z.string().optional(),
    osm_id: z.number().optional(),
    osm_key: z.string().optional(),
    osm_value: z.string().optional(),
    name: z.string().min(1),
    countrycode: z.string().length(2),
    city: z.string().optional(),
    state: z.string().optional(),
    // Photon gives the tags it was imported with (`--extra-tags`) here.
    extra: z.record(z.string(), z.unknown()).optional(),
  }),
});
const photonAnswer = z.object({ features: z.array(z.unknown()) });

/** Photon answers a GeoJSON FeatureCollection; features without a name or country are left out. */
function fromPhoton(body: unknown): GeocodedPlace[] {
  return photonAnswer.parse(body).features.flatMap((candidate) => {
    const parsed = photonFeature.safeParse(candidate);
    if (!parsed.success) return [];
    const { geometry, properties } = parsed.data;
    const [lng, lat] = geometry.coordinates;
    if (!onEarth(lat, lng)) return [];
    return [
      {
        id: osmId(properties.osm_type, properties.osm_id, `${lat},${lng}`),
        name: properties.name,
        country: properties.countrycode.toUpperCase(),
        admin: properties.city ?? properties.state,
        lat,
        lng,
        category: osmCategory(properties.osm_key, properties.osm_value),
        ...openingHoursOf(properties.extra),
      },
    ];
  });
}

const nominatimPlace = z.object({
  osm_type: z.string().optional(),
  osm_id: z.number().optional(),
  lat: z.coerce.number(),
  lon: z.coerce.number(),
  category: z.string().optional(),
  type: z.string().optional(),
  name: z.string().optional(),
  display_name: z.string(),
  address: z
    .object({
      country_code: z.string().length(2),
      city: z.string().optional(),
      town: z.string().optional(),
      village: z.string().optional(),
      state: z.string().optional(),
    })
    .optional(),
  extratags: z.record(z.string(), z.unknown()).nullish(),
});

/** Nominatim's jsonv2 answer is an array of places. */
function fromNominatim(body: unknown): GeocodedPlace[] {
  return z
    .array(z.unknown())
    .parse(body)
    .flatMap((candidate) => {
      const parsed = nominatimPlace.safeParse(candidate);
      if (!parsed.success || !parsed.data.address) return [];
      const place = parsed.data;
      const address = parsed.data.address;
      const name = place.name || place.display_name.split(',')[0]?.trim();
      if (!name || !onEarth(place.lat, place.lon)) return [];
      return [
        {
          id: osmId(place.osm_type, place.osm_id, `${place.lat},${place.lon}`),
          name,
          country: address.country_code.toUpperCase(),
          admin: address.city ?? address.town ?? address.village ?? address.state,
          lat: place.lat,
          lng: place.lon,
          category: osmCategory(place.category, place.type),
          ...openingHoursOf(place.extratags),
        },
      ];
    });
}

/**
 * The `opening_hours` tag among a place's tags, when a place's form would take it: OpenStreetMap
 * holds some values no parser reads ("by appointment"), which are left out rather than refused
 * when the place is saved.
 */
function openingHoursOf(tags: Record<string, unknown> | null | undefined): {
  openingHours?: string;
} {
  const value = tags?.opening_hours;
  if (typeof value !== 'string') return {};
  const hours = value.trim();
  if (hours.length > LIMITS.openingHours || !isValidOpeningHours(hours)) return {};
  return { openingHours: hours };
}

function onEarth(lat: number, lng: number): boolean {
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
}

/** `osm:N123` (node), `osm:W…` (way), `osm:R…` (relation); coordinates when there is no id. */
function osmId(type: string | undefined, id: number | undefined, where: string): string {
  if (!type || id === undefined) return `osm:@${where}`;
  return `osm:${type.charAt(0).toUpperCase()}${id}`;
}
