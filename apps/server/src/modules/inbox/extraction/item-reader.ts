import type { FieldSource, Found } from './found';
import {
  isObject,
  shortType,
  type Json,
  type JsonObject,
  type StructuredItem,
} from './structured-data';

/**
 * A schema.org item read with the path of every value, so each field of a booking names where
 * it was found ("reservationFor.departureAirport.iataCode").
 */
export class ItemReader {
  constructor(
    readonly item: JsonObject,
    readonly syntax: StructuredItem['syntax'],
    readonly path = '',
  ) {}

  get type(): string | null {
    return shortType(this.item['@type']);
  }

  source(key: string): FieldSource {
    return { kind: this.syntax, at: this.path ? `${this.path}.${key}` : key };
  }

  /** The first value of `key` (a list's first), as one line of text; null when there is none. */
  text(key: string): Found<string> | null {
    const raw = first(this.item[key]);
    const value =
      typeof raw === 'string' || typeof raw === 'number'
        ? String(raw).replace(/\s+/g, ' ').trim()
        : isObject(raw) && typeof raw['@id'] === 'string'
          ? raw['@id']
          : '';
    return value ? { value, source: this.source(key) } : null;
  }

  /** The first of several keys that has text (schema.org renamed some over the years). */
  textOf(...keys: string[]): Found<string> | null {
    for (const key of keys) {
      const found = this.text(key);
      if (found) return found;
    }
    return null;
  }

  /** The item under `key` (a list's first); a bare name becomes an item with that name. */
  child(key: string): ItemReader | null {
    const raw = first(this.item[key]);
    const path = this.path ? `${this.path}.${key}` : key;
    if (isObject(raw)) return new ItemReader(raw, this.syntax, path);
    if (typeof raw === 'string' && raw.trim()) {
      return new ItemReader({ name: raw }, this.syntax, path);
    }
    return null;
  }

  /** A thing's name, or its text when it is only a name. */
  name(key: string): Found<string> | null {
    return this.child(key)?.text('name') ?? null;
  }

  /** A number at `key`, from a number or a numeric text. */
  number(key: string): Found<number> | null {
    const raw = first(this.item[key]);
    const value = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : NaN;
    return Number.isFinite(value) ? { value, source: this.source(key) } : null;
  }
}

function first(value: Json | undefined): Json | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Every item whose type ends in `Reservation`, wherever it sits (an order's parts too). */
export function reservationsIn(
  item: JsonObject,
  syntax: StructuredItem['syntax'],
  path = '',
  depth = 0,
): ItemReader[] {
  const reader = new ItemReader(item, syntax, path);
  if (reader.type?.endsWith('Reservation')) return [reader];
  if (depth >= 4) return [];
  const found: ItemReader[] = [];
  for (const [key, value] of Object.entries(item)) {
    const values = Array.isArray(value) ? value : [value];
    values.forEach((entry, index) => {
      if (!isObject(entry)) return;
      const at = `${path ? `${path}.` : ''}${key}${values.length > 1 ? `[${index}]` : ''}`;
      found.push(...reservationsIn(entry, syntax, at, depth + 1));
    });
  }
  return found;
}
