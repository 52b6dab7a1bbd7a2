import type { ChildNode, Element } from 'domhandler';
import { getAttributeValue, hasAttrib, textContent } from 'domutils';
import { parseDocument } from 'htmlparser2';

/**
 * schema.org data embedded in a mail's HTML, as airlines, hotels and booking sites send it for
 * mail clients (JSON-LD in `<script type="application/ld+json">`, or microdata attributes).
 * Both are read into the same plain shape: JSON-LD's, with `@type` the short type name.
 * Nothing is fetched: an `itemid`, a link or an image stays text.
 */

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export interface StructuredItem {
  /** Where it was found: a mail's markup, or KItinerary's output. */
  syntax: 'json-ld' | 'microdata' | 'kitinerary';
  item: JsonObject;
}

/** At most this many items are read from one mail: a real one holds a few. */
const MOST_ITEMS = 100;

export function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `http://schema.org/FlightReservation`, `schema:FlightReservation` → `FlightReservation`. */
export function shortType(type: Json | undefined): string | null {
  const first = Array.isArray(type) ? type[0] : type;
  if (typeof first !== 'string') return null;
  return first.replace(/^.*[/#:]/, '') || null;
}

/** The items of every JSON-LD block (arrays and `@graph` unfolded); problems name the block. */
function jsonLdItems(scripts: Element[], problems: string[]): StructuredItem[] {
  const items: StructuredItem[] = [];
  const add = (value: Json) => {
    if (Array.isArray(value)) value.forEach(add);
    else if (isObject(value)) {
      const graph = value['@graph'];
      if (Array.isArray(graph)) graph.forEach(add);
      else items.push({ syntax: 'json-ld', item: value });
    }
  };
  scripts.forEach((script, index) => {
    try {
      add(JSON.parse(textContent(script)) as Json);
    } catch {
      problems.push(`JSON-LD block ${index + 1}: not JSON`);
    }
  });
  return items;
}

const URL_VALUED = new Set(['a', 'area', 'link']);
const SOURCE_VALUED = new Set(['audio', 'embed', 'iframe', 'img', 'source', 'track', 'video']);

/** A microdata property's value as the HTML standard reads it (a nested item aside). */
function propertyValue(element: Element): string {
  const name = element.name.toLowerCase();
  const attribute = (key: string) => getAttributeValue(element, key) ?? '';
  if (hasAttrib(element, 'content')) return attribute('content');
  if (URL_VALUED.has(name)) return attribute('href');
  if (SOURCE_VALUED.has(name)) return attribute('src');
  if (name === 'object') return attribute('data');
  if ((name === 'data' || name === 'meter') && hasAttrib(element, 'value')) {
    return attribute('value');
  }
  if (name === 'time' && hasAttrib(element, 'datetime')) return attribute('datetime');
  return textContent(element).replace(/\s+/g, ' ').trim();
}

function isElement(node: ChildNode): node is Element {
  return node.type === 'tag' || node.type === 'script' || node.type === 'style';
}

/** The item an `itemscope` element makes: its type and its properties, nested items inside. */
function microdataItem(scope: Element): JsonObject {
  const item: JsonObject = {};
  const type = getAttributeValue(scope, 'itemtype');
  if (type) item['@type'] = shortType(type.trim().split(/\s+/)[0]) ?? type;
  const addProperty = (element: Element, value: Json) => {
    for (const name of (getAttributeValue(element, 'itemprop') ?? '').trim().split(/\s+/)) {
      if (!name) continue;
      const key = shortType(name) ?? name;
      const existing = item[key];
      if (existing === undefined) item[key] = value;
      else item[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
    }
  };
  const walk = (nodes: ChildNode[]) => {
    for (const node of nodes) {
      if (!isElement(node)) continue;
      const nested = hasAttrib(node, 'itemscope');
      if (hasAttrib(node, 'itemprop')) {
        addProperty(node, nested ? microdataItem(node) : propertyValue(node));
      }
      // A nested item's properties are its own, not this item's.
      if (!nested) walk(node.children);
    }
  };
  walk(scope.children);
  return item;
}

/** The top-level microdata items: `itemscope` elements that are no other item's property. */
function microdataItems(nodes: ChildNode[], found: StructuredItem[]) {
  for (const node of nodes) {
    if (!isElement(node) || found.length >= MOST_ITEMS) continue;
    if (hasAttrib(node, 'itemscope') && !hasAttrib(node, 'itemprop')) {
      found.push({ syntax: 'microdata', item: microdataItem(node) });
    } else {
      microdataItems(node.children, found);
    }
  }
}

/** Every schema.org item in `html`, JSON-LD first, with the problems met on the way. */
export function readStructuredData(html: string): {
  items: StructuredItem[];
  problems: string[];
} {
  const document = parseDocument(html);
  const scripts: Element[] = [];
  const collect = (nodes: ChildNode[]) => {
    for (const node of nodes) {
      if (!isElement(node)) continue;
      const type = getAttributeValue(node, 'type')?.trim().toLowerCase();
      if (node.name.toLowerCase() === 'script' && type === 'application/ld+json') {
        scripts.push(node);
      } else collect(node.children);
    }
  };
  collect(document.children);
  const problems: string[] = [];
  const items = jsonLdItems(scripts, problems);
  microdataItems(document.children, items);
  return { items: items.slice(0, MOST_ITEMS), problems };
}
