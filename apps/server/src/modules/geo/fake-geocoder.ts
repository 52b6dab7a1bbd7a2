// Test support: a Photon and Nominatim look-alike on loopback, so tests never go online.
import http from 'node:http';
import { listenLocally } from '../../lib/listen-locally';

export interface RecordedRequest {
  path: string;
  params: URLSearchParams;
  userAgent: string | undefined;
}

/** How the fake answers: as a server would, with a 500, too late, or not with JSON. */
export type FakeGeocoderMode = 'ok' | 'fail' | 'slow' | 'garbage';

export interface FakeGeocoder {
  /** Its base address, e.g. http://127.0.0.1:PORT (give `${url}/nominatim` for Nominatim). */
  url: string;
  /** 'ok' until a test changes it. */
  mode: FakeGeocoderMode;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** How long the fake takes to answer in the 'slow' mode. */
export const SLOW_ANSWER_MS = 10_000;

const COLOSSEUM = { name: 'Colosseum', country: 'it', city: 'Rome', lat: 41.8902, lng: 12.4922 };
/** The Colosseum's hours as OpenStreetMap holds such a tag. */
export const COLOSSEUM_HOURS = 'Mo-Su 09:00-16:30; Dec 25,Jan 01 off';
const ROME = { name: 'Rome', country: 'it', city: undefined, lat: 41.8933, lng: 12.4829 };

function photonAnswer() {
  const feature = (place: typeof COLOSSEUM | typeof ROME, id: number, type = 'W') => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [place.lng, place.lat] },
    properties: {
      osm_type: type,
      osm_id: id,
      ...(place === COLOSSEUM
        ? { osm_key: 'historic', osm_value: 'monument' }
        : { osm_key: 'place', osm_value: 'city' }),
      name: place.name,
      countrycode: place.country.toUpperCase(),
      ...(place.city ? { city: place.city } : {}),
      state: 'Lazio',
      ...(place === COLOSSEUM
        ? { extra: { opening_hours: COLOSSEUM_HOURS, wheelchair: 'yes' } }
        : {}),
    },
  });
  const nameless = {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [0, 0] },
    properties: {},
  };
  return {
    type: 'FeatureCollection',
    features: [feature(COLOSSEUM, 25_153_236), feature(ROME, 41_485, 'R'), nameless],
  };
}

function nominatimAnswer() {
  const place = (entry: typeof COLOSSEUM | typeof ROME, id: number, type: string) => ({
    place_id: id + 1,
    osm_type: type,
    osm_id: id,
    lat: String(entry.lat),
    lon: String(entry.lng),
    ...(entry === COLOSSEUM
      ? { category: 'tourism', type: 'attraction' }
      : { category: 'boundary', type: 'administrative' }),
    name: entry.name,
    display_name: `${entry.name}, Lazio, Italia`,
    address: {
      country_code: entry.country,
      ...(entry.city ? { city: entry.city } : {}),
      state: 'Lazio',
    },
    // Rome's tag is one no parser reads: it is left out.
    extratags: entry === COLOSSEUM ? { opening_hours: COLOSSEUM_HOURS } : { opening_hours: 'ask' },
  });
  return [place(COLOSSEUM, 25_153_236, 'way'), place(ROME, 41_485, 'relation'), { lat: 'x' }];
}

/**
 * Answers Photon's GET /api and Nominatim's GET /search (under any prefix) with Colosseum
 * and Rome, whatever the query; or fails as its `mode` says.
 */
export async function startFakeGeocoder(): Promise<FakeGeocoder> {
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let mode: FakeGeocoderMode = 'ok';
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    requests.push({
      path: url.pathname,
      params: url.searchParams,
      userAgent: request.headers['user-agent'],
    });
    const send = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (mode === 'fail') return send(500, { message: 'internal error' });
    if (mode === 'garbage') return response.writeHead(200).end('<html>oops</html>');
    const body = url.pathname.endsWith('/search') ? nominatimAnswer() : photonAnswer();
    if (mode !== 'slow') return send(200, body);
    timers.add(setTimeout(() => send(200, body), SLOW_ANSWER_MS));
  });
  const { url, close } = await listenLocally(server, timers);
  return {
    url,
    get mode() {
      return mode;
    },
    set mode(next) {
      mode = next;
    },
    requests,
    close,
  };
}
