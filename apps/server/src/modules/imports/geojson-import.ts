import type { FeatureCollection } from 'geojson';
import { z } from 'zod';
import { lineAt, unreadable } from './import-text';

// GeoJSON (RFC 7946) as far as an import reads it; other members are ignored.
const position = z.array(z.number()).min(2, 'must have a longitude and a latitude');
const simpleGeometry = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Point'), coordinates: position }),
  z.object({ type: z.literal('MultiPoint'), coordinates: z.array(position) }),
  z.object({ type: z.literal('LineString'), coordinates: z.array(position) }),
  z.object({ type: z.literal('MultiLineString'), coordinates: z.array(z.array(position)) }),
  z.object({ type: z.literal('Polygon'), coordinates: z.unknown() }),
  z.object({ type: z.literal('MultiPolygon'), coordinates: z.unknown() }),
]);
const geometry = z.union([
  simpleGeometry,
  z.object({ type: z.literal('GeometryCollection'), geometries: z.array(simpleGeometry) }),
]);
const properties = z.record(z.string(), z.unknown()).nullable().optional();
const feature = z.object({
  type: z.literal('Feature'),
  geometry: geometry.nullable(),
  properties,
});
const collection = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(feature),
  name: z.string().optional(),
});

/** The schema for a document of this `type` (so errors name the member at fault). */
function schemaFor(value: unknown) {
  const type = typeof value === 'object' && value !== null && 'type' in value ? value.type : null;
  if (type === 'FeatureCollection') return collection;
  if (type === 'Feature') return feature;
  return geometry;
}

// V8 names an unexpected token with up to 10 characters of context either side.
const TOKEN_CONTEXT =
  /^Unexpected token '[\s\S]', (\.\.\.)?"([\s\S]*?)"(?:\.\.\.)? is not valid JSON$/;
const CONTEXT_CHARACTERS = 10;

/** The line a JSON.parse error points at (by position, line, or the context it quotes). */
function jsonErrorLine(text: string, error: Error): string {
  const line = /line (\d+)/.exec(error.message)?.[1];
  if (line) return `line ${line}`;
  const position = /position (\d+)/.exec(error.message)?.[1];
  if (position) return `line ${lineAt(text, Number(position))}`;
  if (/end of JSON input/.test(error.message)) return `line ${lineAt(text, text.length)}`;
  const context = TOKEN_CONTEXT.exec(error.message);
  const start = context?.[2] ? text.indexOf(context[2]) : -1;
  if (context && start !== -1) {
    const offset = context[1] ? CONTEXT_CHARACTERS : 0;
    return `line ${lineAt(text, start + offset)}`;
  }
  return 'file';
}

/** A GeoJSON document as a feature collection; 400 naming the line or member at fault. */
export function readGeoJson(text: string): { collection: FeatureCollection; name: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw unreadable(jsonErrorLine(text, error as Error), 'is not valid JSON');
  }
  const result = schemaFor(value).safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'type';
    throw unreadable(where, `is not GeoJSON (${issue?.message ?? 'unknown shape'})`);
  }
  const parsed = result.data;
  if (parsed.type === 'FeatureCollection') {
    return { collection: parsed as FeatureCollection, name: parsed.name ?? '' };
  }
  const single =
    parsed.type === 'Feature'
      ? parsed
      : { type: 'Feature' as const, geometry: parsed, properties: {} };
  return {
    collection: { type: 'FeatureCollection', features: [single] } as FeatureCollection,
    name: '',
  };
}
