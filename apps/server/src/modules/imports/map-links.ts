/**
 * What a pasted line says: a place name, or a Google Maps link with coordinates (and often a
 * name). Short links (goo.gl, maps.app.goo.gl) need the network to resolve: they are named
 * as such, never fetched.
 */
export type PastedLine =
  | { kind: 'name'; name: string }
  | { kind: 'link'; name: string | null; lat: number; lng: number }
  | {
      kind: 'link';
      name: string | null;
      lat: null;
      lng: null;
      problem: 'short-link' | 'unreadable-link';
    };

const SHORT_LINK = /^(https?:\/\/)?(goo\.gl|maps\.app\.goo\.gl|g\.co)\//i;
const MAPS_HOST = /^(www\.)?(maps\.)?google\.[a-z.]+$/i;
const COORDINATES = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;

function coordinates(text: string): { lat: number; lng: number } | null {
  const match = COORDINATES.exec(text);
  if (!match) return null;
  const lat = Number(match[1]);
  const lng = Number(match[2]);
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment.replace(/\+/g, ' ')).trim();
  } catch {
    return segment.replace(/\+/g, ' ').trim();
  }
}

/** Reads one pasted line. */
export function readPastedLine(line: string): PastedLine {
  const text = line.trim();
  if (SHORT_LINK.test(text))
    return { kind: 'link', name: null, lat: null, lng: null, problem: 'short-link' };
  if (!/^https?:\/\//i.test(text) && !/^(www\.|maps\.)?google\.[a-z.]+\/maps/i.test(text)) {
    const point = coordinates(text);
    return point ? { kind: 'link', name: null, ...point } : { kind: 'name', name: text };
  }
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return { kind: 'link', name: null, lat: null, lng: null, problem: 'unreadable-link' };
  }
  if (!MAPS_HOST.test(url.hostname)) {
    return { kind: 'link', name: null, lat: null, lng: null, problem: 'unreadable-link' };
  }
  // /maps/place/Name/@lat,lng,15z/…
  const place = /\/maps\/place\/([^/]+)/.exec(url.pathname);
  const name = place?.[1] ? decoded(place[1]) : null;
  const at = /@(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)/.exec(url.pathname);
  const atPoint = at ? coordinates(`${at[1]},${at[2]}`) : null;
  if (atPoint) return { kind: 'link', name, ...atPoint };
  // ?q=lat,lng or ?q=Name (also ll= and query=)
  const query =
    url.searchParams.get('q') ?? url.searchParams.get('query') ?? url.searchParams.get('ll');
  if (query) {
    const point = coordinates(query);
    if (point) return { kind: 'link', name, ...point };
    return { kind: 'name', name: query.trim() };
  }
  if (name) {
    const point = coordinates(name);
    return point ? { kind: 'link', name: null, ...point } : { kind: 'name', name };
  }
  return { kind: 'link', name: null, lat: null, lng: null, problem: 'unreadable-link' };
}
