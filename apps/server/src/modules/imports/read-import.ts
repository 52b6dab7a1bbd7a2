import type { ImportContent, ImportFormat } from '@jammy/shared/imports';
import { LIMITS } from '@jammy/shared/itineraries';
import { AppError } from '../../lib/errors';
import { featuresToContent, type GeoContent } from './features';
import { readGeoJson } from './geojson-import';
import { readCalendar } from './ics-import';
import type { TripDates } from './ics-recurrence';
import { cleanText, unreadable } from './import-text';
import { kmzText, utf8Text, xmlToGeoJson } from './xml-import';

/** Media types the import routes take, besides each format's own (IMPORT_MEDIA_TYPES). */
export const SNIFFED_MEDIA_TYPES = ['application/xml', 'text/xml', 'application/octet-stream'];

const FORMAT_OF_MEDIA_TYPE: Record<string, ImportFormat> = {
  'application/gpx+xml': 'gpx',
  'application/vnd.google-earth.kml+xml': 'kml',
  'application/vnd.google-earth.kmz': 'kmz',
  'application/geo+json': 'geojson',
  'application/json': 'geojson',
  'text/calendar': 'ics',
};

export function unsupportedType(): AppError {
  return new AppError(
    'request/unsupported-media-type',
    'Imports take GPX, KML, KMZ, GeoJSON and iCalendar (.ics) files',
  );
}

/** The format of a file: by its media type, else by its first bytes. */
export function formatOf(mediaType: string, bytes: Uint8Array): ImportFormat | 'xml' {
  const known = FORMAT_OF_MEDIA_TYPE[mediaType];
  if (known) return known;
  if (!SNIFFED_MEDIA_TYPES.includes(mediaType)) throw unsupportedType();
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) return 'kmz';
  const start = new TextDecoder()
    .decode(bytes.subarray(0, 64))
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (start.startsWith('<')) return 'xml';
  if (start.startsWith('{')) return 'geojson';
  if (/^BEGIN:VCALENDAR/i.test(start)) return 'ics';
  throw unsupportedType();
}

export interface ReadOptions {
  fileName: string;
  /** Places and routes go into this stage; null: a new stage titled `stageTitle`. */
  stage: { id: string; title: string } | null;
  stageTitle: string | undefined;
  /** The itinerary's zone, for calendar times in UTC or floating. */
  zone: string | null;
  /** The itinerary's first and last day: a repeating event's occurrences within them are read. */
  dates: TripDates | null;
}

function titleOfFile(fileName: string): string {
  return cleanText(fileName.replace(/\.[a-z0-9]+$/i, '').replace(/[_-]+/g, ' '), LIMITS.title);
}

/** What a file would create (nothing is written here); 400 when there is nothing in it. */
export function readImport(
  format: ImportFormat | 'xml',
  bytes: Uint8Array,
  options: ReadOptions,
): ImportContent {
  if (bytes.length === 0) throw unreadable('file', 'is empty');
  let geo: GeoContent | undefined;
  let resolved: ImportFormat;
  let bookings: ImportContent['bookings'] = [];
  let series: ImportContent['series'] = [];
  let warnings: ImportContent['warnings'] = [];
  let name = '';
  if (format === 'ics') {
    resolved = 'ics';
    const calendar = readCalendar(utf8Text(bytes), options.zone, options.dates);
    bookings = calendar.bookings;
    series = calendar.series;
    warnings = calendar.warnings;
    name = calendar.name;
  } else if (format === 'geojson') {
    resolved = 'geojson';
    const { collection, name: documentName } = readGeoJson(utf8Text(bytes));
    geo = featuresToContent(collection, documentName);
  } else {
    const text = format === 'kmz' ? kmzText(bytes) : utf8Text(bytes);
    const expected = format === 'gpx' || format === 'kml' ? format : undefined;
    const xml = xmlToGeoJson(text, expected);
    resolved = format === 'kmz' ? 'kmz' : xml.format;
    geo = featuresToContent(xml.collection, xml.name, xml.folders);
  }
  const places = geo?.places ?? [];
  const routes = geo?.routes ?? [];
  if (places.length === 0 && routes.length === 0 && bookings.length === 0) {
    throw unreadable('file', 'holds nothing to import (no points, lines or events)');
  }
  const newTitle =
    options.stageTitle || geo?.name || name || titleOfFile(options.fileName) || 'Imported places';
  return {
    format: resolved,
    stage:
      places.length > 0 || routes.length > 0
        ? options.stage
          ? { id: options.stage.id, title: options.stage.title }
          : { id: null, title: cleanText(newTitle, LIMITS.title) }
        : null,
    folders: geo?.folders ?? [],
    places,
    routes,
    bookings,
    series,
    warnings: [...(geo?.warnings ?? []), ...warnings],
  };
}
