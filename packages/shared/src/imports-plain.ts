// The part of imports.ts without zod: which files can be imported, as the web app's import
// button checks. imports.ts re-exports all of it.

/** The media type to send for a file name's extension (undefined: not importable). */
export function importMediaType(fileName: string): string | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  switch (extension) {
    case 'gpx':
      return 'application/gpx+xml';
    case 'kml':
      return 'application/vnd.google-earth.kml+xml';
    case 'kmz':
      return 'application/vnd.google-earth.kmz';
    case 'geojson':
    case 'json':
      return 'application/geo+json';
    case 'ics':
    case 'ical':
    case 'ifb':
      return 'text/calendar';
    default:
      return undefined;
  }
}
