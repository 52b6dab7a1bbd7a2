import fc from 'fast-check';
import { uuidv7 } from 'uuidv7';

/** The part of JSON Schema the OpenAPI document uses. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
  $ref?: string;
}

/** What generated values may point at: real ids of the fuzz world, and known good tokens. */
export interface GenerationContext {
  ids: readonly string[];
  resolve(ref: string): JsonSchema;
}

const UUID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$';

/** Values that have broken servers before: each one is tried in every kind of field. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'nul\u0000inside',
  'bell\u0007',
  'esc\u001b[31m',
  'c1\u0085next',
  'line\nbreak',
  'cr\rlf\r\n',
  '\uD800',
  'lone \uDFFF low',
  '😀'.repeat(50),
  'e\u0301\u0301\u0301',
  '\u202Eevil',
  '\uFEFFbom',
  "'; drop table itinerary; --",
  '%s%n%x',
  '../../../etc/passwd',
  '..%2F..%2F',
  '<script>alert(1)</script>',
  'NaN',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  '0000-01-01',
  '9999-12-31',
  '10000-01-01',
  '-0001-01-01',
  '2027-02-30',
  '2027-13-01',
  '1970-01-01T00:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  'P1Y2M3DT4H5M6S',
  'Mars/Olympus_Mons',
  'Europe/Rome',
  'UTC',
  '+25:00',
  '12:60',
  '24:00',
  'EUR',
  'XYZ',
  'eur',
  'javascript:alert(1)',
  'http://[::1',
  'a'.repeat(10_000),
];

/** A string of about 1 MB, built once. */
export const MEGABYTE_STRING = 'x'.repeat(1_048_576);

export const HOSTILE_NUMBERS: readonly number[] = [
  0,
  -0,
  -1,
  1.5,
  0.1 + 0.2,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  2 ** 53,
  Number.MAX_SAFE_INTEGER + 2,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  91,
  -181,
  180.0000001,
];

function deepNesting(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level += 1) value = level % 2 ? [value] : { a: value };
  return value;
}

/** Any hostile JSON value: wrong types, extreme numbers and strings, deep nesting. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], { '': '' }),
  },
  { weight: 1, arbitrary: fc.constantFrom(deepNesting(40), deepNesting(2000)) },
  { weight: 1, arbitrary: fc.constant(MEGABYTE_STRING) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.uuid() },
);

const dateInRange = fc
  .date({
    min: new Date('0001-01-01T00:00:00Z'),
    max: new Date('9999-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((date) => date.toISOString().slice(0, 10));
const boundaryDates = fc.constantFrom('0001-01-01', '9999-12-31', '2024-02-29', '2027-06-15');

/** Text as people type it, in many scripts, sometimes at the limit. */
function textArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const max = Math.min(schema.maxLength ?? 200, 5000);
  const min = schema.minLength ?? 0;
  const words = fc.oneof(
    fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, 40) }),
    fc.constantFrom('Roma', 'Kyōto', 'Zürich', 'São Paulo', 'مراكش', '北京', 'Île-de-France 🇫🇷'),
    fc.string({ unit: 'grapheme-ascii', minLength: min, maxLength: Math.min(max, 60) }),
  );
  return fc.oneof(
    { weight: 8, arbitrary: words },
    { weight: 1, arbitrary: fc.constant('é'.repeat(Math.max(min, max))) },
    { weight: 1, arbitrary: fc.constant('😀'.repeat(Math.max(min, max))) },
  );
}

function stringArbitrary(schema: JsonSchema, context: GenerationContext): fc.Arbitrary<string> {
  if (schema.pattern === UUID_PATTERN || schema.format === 'uuid') {
    return fc.oneof(
      { weight: 5, arbitrary: fc.constantFrom(...context.ids) },
      { weight: 1, arbitrary: fc.constant(null).map(() => uuidv7()) },
    );
  }
  if (schema.format === 'date') return fc.oneof(dateInRange, boundaryDates);
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((date) => date.toISOString());
  }
  if (schema.format === 'email') {
    return fc.oneof(fc.emailAddress(), fc.constantFrom('ana@example.com', ' Ana@Example.COM '));
  }
  if (schema.pattern === '^[A-Z]{3}$') return fc.constantFrom('EUR', 'JPY', 'KWD', 'USD', 'XYZ');
  if (schema.pattern === '^[A-Z]{2}$') return fc.constantFrom('IT', 'JP', 'ZZ', 'FR');
  if (schema.pattern?.includes('[01]\\d|2[0-3]')) {
    return fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(
        ([hours, minutes]) =>
          `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`,
      );
  }
  if (schema.pattern === '^[A-Za-z0-9_-]+$' || schema.pattern?.startsWith('^[A-Za-z0-9_-]{')) {
    return fc.base64String({ maxLength: 60 }).map((value) => value.replace(/[+/=]/g, '_') || 'x');
  }
  if (schema.pattern) {
    return fc.stringMatching(new RegExp(schema.pattern)).filter((value) => value.length < 300);
  }
  return textArbitrary(schema);
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? schema.exclusiveMinimum ?? -1e9;
  const max = schema.maximum ?? schema.exclusiveMaximum ?? 1e9;
  const edges = fc.constantFrom(min, max);
  const inside = integer
    ? fc.integer({
        min: Math.ceil(Math.max(min, -(2 ** 31))),
        max: Math.floor(Math.min(max, 2 ** 31 - 1)),
      })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  return fc.oneof({ weight: 4, arbitrary: inside }, { weight: 1, arbitrary: edges });
}

/** A value the schema describes (mostly: refinements the schema cannot state may refuse it). */
export function valueFor(
  schema: JsonSchema,
  context: GenerationContext,
  depth = 0,
): fc.Arbitrary<unknown> {
  if (schema.$ref) return valueFor(context.resolve(schema.$ref), context, depth);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants)
    return fc.oneof(...variants.map((variant) => valueFor(variant, context, depth + 1)));
  if (schema.allOf?.[0]) return valueFor(schema.allOf[0], context, depth);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringArbitrary(schema, context);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (depth > 4) return fc.constant([]);
      const item = schema.items ? valueFor(schema.items, context, depth + 1) : hostileValue;
      return fc.array(item, {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    }
    case 'object':
    default: {
      const properties = schema.properties ?? {};
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(properties)) {
        record[name] = valueFor(property, context, depth + 1);
      }
      return fc.record(record, {
        requiredKeys: (schema.required ?? []).filter((key) => key in record),
      });
    }
  }
}

/**
 * A value that is the schema's, with one hostile change: a field replaced by a hostile value,
 * an unknown field added, or the whole value replaced.
 */
export function mutatedValueFor(
  schema: JsonSchema,
  context: GenerationContext,
): fc.Arbitrary<unknown> {
  const valid = valueFor(schema, context);
  const names = Object.keys((schema.$ref ? context.resolve(schema.$ref) : schema).properties ?? {});
  const replaceField =
    names.length === 0
      ? hostileValue
      : fc
          .tuple(valid, fc.constantFrom(...names), hostileValue)
          .map(([value, name, hostile]) =>
            typeof value === 'object' && value !== null && !Array.isArray(value)
              ? { ...value, [name]: hostile }
              : hostile,
          );
  const unknownField = valid.map((value) =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? { ...value, unexpected: 'field' }
      : value,
  );
  return fc.oneof(
    { weight: 5, arbitrary: replaceField },
    { weight: 1, arbitrary: unknownField },
    { weight: 2, arbitrary: hostileValue },
  );
}
