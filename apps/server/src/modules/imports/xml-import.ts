import { IMPORT_LIMITS } from '@jammy/shared/imports';
import { gpx, kmlWithFolders, type Folder, type Root } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import { unzipSync } from 'fflate';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { lineAt, unreadable } from './import-text';

/**
 * GPX and KML (and KMZ: a zipped KML) read safely: no document type declarations (so no
 * external entities and no entity expansion), bounded nesting and element counts, and
 * errors that name their line.
 */

const DECLARATION = /<!(DOCTYPE|ENTITY)/i;
// A start or end tag, roughly: enough to bound depth and count before building a DOM.
const TAG = /<(\/?)([A-Za-z_][^\s/>]*)[^>]*?(\/?)>/g;

/** UTF-8 text of a file (a BOM dropped); 400 when the bytes are not UTF-8. */
export function utf8Text(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw unreadable('file', 'is not UTF-8 text');
  }
}

/** Refuses declarations, too deep nesting and too many elements, naming the line. */
function checkShape(text: string): void {
  const declaration = DECLARATION.exec(text);
  if (declaration) {
    throw unreadable(
      `line ${lineAt(text, declaration.index)}`,
      `<!${declaration[1]?.toUpperCase()}> declarations are not accepted in imported files`,
    );
  }
  let depth = 0;
  let elements = 0;
  for (const match of text.matchAll(TAG)) {
    if (match[1] === '/') {
      depth -= 1;
      continue;
    }
    elements += 1;
    if (match[3] !== '/') depth += 1;
    if (depth > IMPORT_LIMITS.depth) {
      throw unreadable(
        `line ${lineAt(text, match.index)}`,
        `elements are nested deeper than ${IMPORT_LIMITS.depth} levels`,
      );
    }
    if (elements > IMPORT_LIMITS.elements) {
      throw unreadable('file', `holds more than ${IMPORT_LIMITS.elements} elements`);
    }
  }
}

/** The XML document of `text`; 400 naming the line of the first error. */
export function parseXml(text: string) {
  checkShape(text);
  let problem = '';
  try {
    return new DOMParser({
      onError: (level, message) => {
        if (level === 'warning') return;
        problem = message;
        throw new Error(message);
      },
    }).parseFromString(text, 'text/xml');
  } catch (error) {
    const locator = (error as { locator?: { lineNumber?: number } }).locator;
    const line = locator?.lineNumber ? `line ${locator.lineNumber}` : 'file';
    throw unreadable(line, `is not well-formed XML (${problem || 'unreadable'})`);
  }
}

export type XmlFormat = 'gpx' | 'kml';

/**
 * A KML's features in document order, each with the path of the folders it is in ("Day 1 /
 * Morning"; null outside any). Google My Maps writes each layer as a folder.
 */
function flatten(tree: Root): { features: Feature<Geometry | null>[]; folders: (string | null)[] } {
  const features: Feature<Geometry | null>[] = [];
  const folders: (string | null)[] = [];
  const visit = (node: Root | Folder, path: string[]) => {
    for (const child of node.children) {
      if (child.type === 'folder') {
        const name = typeof child.meta.name === 'string' ? child.meta.name.trim() : '';
        visit(child, name ? [...path, name] : path);
      } else if (child.type === 'Feature') {
        features.push(child);
        folders.push(path.length > 0 ? path.join(' / ') : null);
      }
    }
  };
  visit(tree, []);
  return { features, folders };
}

/**
 * GPX or KML as GeoJSON features (togeojson), by the document's root element; `folders` holds
 * each feature's KML folder path (null outside any, and for GPX).
 */
export function xmlToGeoJson(
  text: string,
  expected?: XmlFormat,
): {
  format: XmlFormat;
  collection: FeatureCollection<Geometry | null>;
  name: string;
  folders: (string | null)[];
} {
  const document = parseXml(text);
  const root = document.documentElement?.localName?.toLowerCase();
  if (root !== 'gpx' && root !== 'kml') {
    throw unreadable(
      `element <${document.documentElement?.nodeName ?? '?'}>`,
      'is not the root of a GPX or KML file',
    );
  }
  if (expected && root !== expected) {
    throw unreadable(`element <${root}>`, `is not the root of a ${expected.toUpperCase()} file`);
  }
  // The document's own name: KML <Document><name>, GPX <metadata><name>.
  const container = document.getElementsByTagName(root === 'kml' ? 'Document' : 'metadata')[0];
  const nameElement = Array.from(container?.childNodes ?? []).find(
    (node) => node.nodeName === 'name',
  );
  const name = nameElement?.textContent ?? '';
  try {
    if (root === 'gpx') {
      const collection = gpx(document);
      return { format: root, collection, name, folders: collection.features.map(() => null) };
    }
    const { features, folders } = flatten(kmlWithFolders(document));
    return { format: root, collection: { type: 'FeatureCollection', features }, name, folders };
  } catch (error) {
    throw unreadable(`element <${root}>`, `could not be read (${(error as Error).message})`);
  }
}

/** The main KML of a KMZ (doc.kml, else the first .kml at the top), unpacked within bounds. */
export function kmzText(bytes: Uint8Array): string {
  let files: Record<string, Uint8Array>;
  let unpacked = 0;
  try {
    files = unzipSync(bytes, {
      filter: (file) => {
        if (!/\.kml$/i.test(file.name)) return false;
        unpacked += file.originalSize;
        if (unpacked > IMPORT_LIMITS.unpackedBytes) {
          throw unreadable('file', `unpacks to more than ${IMPORT_LIMITS.unpackedBytes} bytes`);
        }
        return true;
      },
    });
  } catch (error) {
    if (error instanceof Error && error.name === 'AppError') throw error;
    throw unreadable('file', 'is not a readable KMZ (zip) file');
  }
  const names = Object.keys(files);
  const main =
    names.find((name) => name.toLowerCase() === 'doc.kml') ??
    names.find((name) => !name.includes('/'));
  const kmlBytes = main ? files[main] : undefined;
  if (!kmlBytes) throw unreadable('file', 'holds no KML document');
  if (kmlBytes.length > IMPORT_LIMITS.unpackedBytes) {
    throw unreadable('file', `unpacks to more than ${IMPORT_LIMITS.unpackedBytes} bytes`);
  }
  return utf8Text(kmlBytes);
}
