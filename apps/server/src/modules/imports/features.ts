import {
  IMPORT_LIMITS,
  type ImportContent,
  type ImportedPlace,
  type ImportedRoute,
  type ImportWarning,
} from '@jammy/shared/imports';
import { LIMITS, PLACE_CATEGORIES, type PlaceCategory } from '@jammy/shared/itineraries';
import type { FeatureCollection, GeoJsonProperties, Geometry, Position } from 'geojson';
import { cleanText, tooMany, unreadable } from './import-text';
import { simplifyToBudget } from './line-simplification';

/** What the features of a GPX, KML or GeoJSON file become. */
export interface GeoContent {
  places: ImportedPlace[];
  routes: ImportedRoute[];
  /** The KML folders that hold places or routes (their `folder` is an index into it). */
  folders: ImportContent['folders'];
  warnings: ImportWarning[];
  /** The document's own name (KML Document name, GPX metadata name), if any. */
  name: string;
}

// Words in a place's type, symbol, name or description, and the category they suggest.
const CATEGORY_WORDS: [RegExp, PlaceCategory][] = [
  [/museum|gallery|galleria|musée|museo/i, 'museum'],
  [/restaurant|food|café|cafe|bakery|trattoria|pizzeria|dining|lunch|dinner|breakfast/i, 'food'],
  [/\bbar\b|\bpub\b|wine|beer|drink|cocktail/i, 'drink'],
  [/hotel|hostel|lodging|camp|bed and breakfast|b&b|guest ?house|refuge|rifugio|hut\b/i, 'lodging'],
  [/station|airport|parking|ferry|\bbus\b|train|port\b|harbou?r/i, 'transport'],
  [/shop|market|store|mall/i, 'shopping'],
  [
    /park|beach|lake|mountain|summit|peak|trail|forest|waterfall|viewpoint|scenic|nature/i,
    'nature',
  ],
  [/tour|hike|kayak|dive|ski|climb|activity|class/i, 'activity'],
  [/castle|church|cathedral|monument|temple|ruins|palace|square|piazza|sight/i, 'sight'],
];

function propertyText(properties: GeoJsonProperties, ...keys: string[]): string {
  for (const key of keys) {
    const value = properties?.[key];
    if (typeof value === 'string' && value.trim()) return value;
    // togeojson gives KML descriptions with HTML as { '@type': 'html', value }.
    if (value && typeof value === 'object' && 'value' in value && typeof value.value === 'string') {
      return value.value;
    }
  }
  return '';
}

/**
 * A category the file names (a category, a type, a symbol, an OpenStreetMap tag, a My Maps
 * column), or one the words of those or of the name suggest; else 'other': nothing in the
 * file says what the place is, and calling it a sight would be a guess.
 */
export function guessCategory(properties: GeoJsonProperties): PlaceCategory {
  const named = propertyText(properties, 'category', 'Category').toLowerCase();
  if ((PLACE_CATEGORIES as readonly string[]).includes(named)) return named as PlaceCategory;
  const words = [
    named,
    propertyText(properties, 'type', 'sym', 'marker-symbol', 'amenity', 'tourism'),
    propertyText(properties, 'name', 'title', 'Name'),
  ].join(' ');
  return CATEGORY_WORDS.find(([pattern]) => pattern.test(words))?.[1] ?? 'other';
}

/** Descriptions may be HTML (KML balloons): kept as plain text. */
function plainText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}

function isCoordinate(position: Position | undefined): position is Position {
  if (!position) return false;
  const [lng, lat] = position;
  return (
    typeof lng === 'number' &&
    typeof lat === 'number' &&
    Number.isFinite(lng) &&
    Number.isFinite(lat) &&
    lat >= -90 &&
    lat <= 90 &&
    lng >= -180 &&
    lng <= 180
  );
}

/** Points closer than this to the simplified line (about a metre) are left out, whatever the budget. */
const MIN_TOLERANCE = 0.00001;

/**
 * At most `IMPORT_LIMITS.routePoints` points, keeping the line's shape (Douglas–Peucker, cut at
 * the budget in one pass: linear in the number of points, whatever the line's shape).
 */
export function simplifyLine(points: [number, number][]): [number, number][] {
  if (points.length <= IMPORT_LIMITS.routePoints) return points;
  const { kept } = simplifyToBudget(points, IMPORT_LIMITS.routePoints, MIN_TOLERANCE);
  return kept.map((index) => {
    const [x, y] = points[index] ?? [0, 0];
    return [round(x), round(y)];
  });
}

// Six decimals: about 10 cm, more than any phone's GPS knows.
function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

function lineOf(positions: Position[]): [number, number][] {
  return positions.filter(isCoordinate).map(([lng, lat]) => [round(lng ?? 0), round(lat ?? 0)]);
}

/**
 * Places, routes and warnings from GeoJSON features (of any of the three formats);
 * `featureFolders` holds each feature's KML folder path (null outside any).
 */
export function featuresToContent(
  collection: FeatureCollection<Geometry | null>,
  name = '',
  featureFolders: (string | null)[] = [],
): GeoContent {
  const content: GeoContent = {
    places: [],
    routes: [],
    folders: [],
    warnings: [],
    name: cleanText(name, 120),
  };
  const folderIndex = new Map<string, number>();
  // The folder of the feature being read, listed once it holds a place or a route.
  let folderPath: string | null = null;
  const folder = (): number | null => {
    if (folderPath === null) return null;
    const title = cleanText(folderPath, LIMITS.title);
    let index = folderIndex.get(title);
    if (index === undefined) {
      index = content.folders.length;
      folderIndex.set(title, index);
      content.folders.push({ title });
      if (content.folders.length > IMPORT_LIMITS.folders) {
        throw tooMany('folders', IMPORT_LIMITS.folders);
      }
    }
    return index;
  };
  const skipped = new Map<ImportWarning['code'], number>();
  const skip = (what: ImportWarning['code']) => skipped.set(what, (skipped.get(what) ?? 0) + 1);

  const addPlace = (position: Position | undefined, properties: GeoJsonProperties) => {
    if (!isCoordinate(position)) {
      skip('invalid-points');
      return;
    }
    const [lng, lat] = position;
    const index = content.places.length + 1;
    content.places.push({
      name:
        cleanText(propertyText(properties, 'name', 'title', 'Name', 'NAME'), LIMITS.placeName) ||
        `Point ${index}`,
      lat: round(lat ?? 0),
      lng: round(lng ?? 0),
      category: guessCategory(properties),
      notes: cleanText(
        plainText(propertyText(properties, 'description', 'desc', 'notes', 'cmt')),
        LIMITS.placeNotes,
        true,
      ),
      folder: folder(),
    });
    if (content.places.length > IMPORT_LIMITS.places) throw tooMany('places', IMPORT_LIMITS.places);
  };

  const addRoute = (lines: Position[][], properties: GeoJsonProperties) => {
    const points = lines.flatMap(lineOf);
    if (points.length < 2) {
      skip('short-lines');
      return;
    }
    content.routes.push({
      name: cleanText(propertyText(properties, 'name', 'title', 'Name'), LIMITS.title),
      coordinates: simplifyLine(points),
      originalPoints: points.length,
      folder: folder(),
    });
    if (content.routes.length > IMPORT_LIMITS.routes) throw tooMany('lines', IMPORT_LIMITS.routes);
  };

  const addGeometry = (geometry: Geometry | null, properties: GeoJsonProperties, depth = 0) => {
    if (!geometry) {
      skip('no-geometry');
      return;
    }
    switch (geometry.type) {
      case 'Point':
        addPlace(geometry.coordinates, properties);
        break;
      case 'MultiPoint':
        for (const position of geometry.coordinates) addPlace(position, properties);
        break;
      case 'LineString':
        addRoute([geometry.coordinates], properties);
        break;
      case 'MultiLineString':
        addRoute(geometry.coordinates, properties);
        break;
      case 'GeometryCollection':
        if (depth > 2) throw unreadable('geometry', 'collections are nested too deep');
        for (const part of geometry.geometries) addGeometry(part, properties, depth + 1);
        break;
      default:
        skip('areas');
    }
  };

  collection.features.forEach((feature, index) => {
    folderPath = featureFolders[index] ?? null;
    addGeometry(feature.geometry, feature.properties);
  });
  for (const [code, count] of skipped) content.warnings.push({ code, count });
  return content;
}
