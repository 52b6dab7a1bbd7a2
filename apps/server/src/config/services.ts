import { z } from 'zod';
import { optionalHttpUrl, type Variables } from './variables';

/** The geocoder APIs Jammy speaks (GEOCODER_KIND). */
export const GEOCODER_KINDS = ['photon', 'nominatim'] as const;
export type GeocoderKind = (typeof GEOCODER_KINDS)[number];

/** Nominatim when the address says so (nominatim.example.org, /nominatim/), else Photon. */
export function guessGeocoderKind(url: string): GeocoderKind {
  return url.toLowerCase().includes('nominatim') ? 'nominatim' : 'photon';
}

/** The routing APIs Jammy speaks (ROUTER_KIND). */
export const ROUTER_KINDS = ['osrm', 'valhalla', 'graphhopper'] as const;
export type RouterKind = (typeof ROUTER_KINDS)[number];

/** Valhalla or GraphHopper when the address names it, else OSRM. */
export function guessRouterKind(url: string): RouterKind {
  const lower = url.toLowerCase();
  if (lower.includes('valhalla')) return 'valhalla';
  return lower.includes('graphhopper') ? 'graphhopper' : 'osrm';
}

/** The services asked on a traveller's behalf: a geocoder, exchange rates, map tiles. */
export const servicesVariables = {
  GEOCODER_URL: optionalHttpUrl,
  GEOCODER_KIND: z.enum(GEOCODER_KINDS).optional(),
  RATES_URL: optionalHttpUrl,
  ROUTER_URL: optionalHttpUrl,
  ROUTER_KIND: z.enum(ROUTER_KINDS).optional(),
  MAP_TILE_URL: z
    .string()
    .trim()
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png')
    .refine(
      (value) => /^https?:\/\/[^/]+\/.*\{z\}.*\{x\}.*\{y\}/.test(value),
      'must be an http(s) tile address with {z}, {x} and {y}',
    ),
  MAP_ATTRIBUTION: z
    .string()
    .trim()
    .default(
      '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    ),
};
type ServicesVariables = Variables<typeof servicesVariables>;

/** Where the online geocoder is, and which API it speaks. */
export interface GeocoderConfig {
  url: string;
  kind: GeocoderKind;
}

/** Where the routing server is, and which API it speaks. */
export interface RouterConfig {
  url: string;
  kind: RouterKind;
}

export interface ServicesPart {
  /** An online geocoder for points of interest (Photon or Nominatim); places search works without. */
  geocoder: GeocoderConfig | undefined;
  /** RATES_URL: exchange rates for expenses in another currency than the trip's. */
  ratesUrl: string | undefined;
  /** ROUTER_URL: travel times of a day's plan by road and path; the offline estimate without. */
  router: RouterConfig | undefined;
  /** The map tiles shown to travellers and the credit they require. */
  map: { tileUrl: string; attribution: string };
}

export function servicesConfigOf(values: ServicesVariables): ServicesPart {
  return {
    geocoder: values.GEOCODER_URL
      ? {
          url: values.GEOCODER_URL,
          kind: values.GEOCODER_KIND ?? guessGeocoderKind(values.GEOCODER_URL),
        }
      : undefined,
    ratesUrl: values.RATES_URL,
    router: values.ROUTER_URL
      ? { url: values.ROUTER_URL, kind: values.ROUTER_KIND ?? guessRouterKind(values.ROUTER_URL) }
      : undefined,
    map: { tileUrl: values.MAP_TILE_URL, attribution: values.MAP_ATTRIBUTION },
  };
}
