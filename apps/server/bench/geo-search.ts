// Places search benchmark: index build time and size, then the in-process time of 1,000
// typical queries after a warm-up. Run: npm run bench:geo (node --expose-gc for the size).
import { GEO_SEARCH_LIMITS } from '@jammy/shared/geo';
import { LANGUAGES } from '@jammy/shared/languages';
import pino from 'pino';
import { Gazetteer, loadWorldCities } from '../src/modules/geo/gazetteer';
import { searchPlaces } from '../src/modules/geo/geo.service';

const QUERY_COUNT = 1000;
const WARM_UP_ROUNDS = 3;

function heapMb(): number {
  globalThis.gc?.();
  return process.memoryUsage().heapUsed / 1e6;
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? NaN;
}

/** What people type: prefixes of 2 letters up to the whole name of well-known places. */
function typicalQueries(names: readonly string[]): string[] {
  return Array.from({ length: QUERY_COUNT }, (_, index) => {
    const name = names[index % names.length] ?? 'Rome';
    const length = 2 + ((index * 7) % Math.max(1, name.length - 1));
    const typed = name.slice(0, length);
    return index % 3 === 0 ? typed.toLowerCase() : typed;
  });
}

async function time(
  label: string,
  queries: readonly string[],
  run: (query: string) => unknown,
): Promise<void> {
  for (let round = 0; round < WARM_UP_ROUNDS; round += 1) {
    for (const query of queries) await run(query);
  }
  const samples: number[] = [];
  for (const query of queries) {
    const started = performance.now();
    await run(query);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const total = samples.reduce((sum, sample) => sum + sample, 0);
  const ms = (value: number) => value.toFixed(3);
  console.log(
    `${label}: ${samples.length} queries, p50 ${ms(percentile(samples, 0.5))} ms, ` +
      `p90 ${ms(percentile(samples, 0.9))} ms, p99 ${ms(percentile(samples, 0.99))} ms, ` +
      `max ${ms(samples.at(-1) ?? NaN)} ms, mean ${ms(total / samples.length)} ms`,
  );
}

const heapBefore = heapMb();
const cpuBefore = process.cpuUsage();
let started = performance.now();
const cities = loadWorldCities();
const loadMs = performance.now() - started;
started = performance.now();
const gazetteer = new Gazetteer(cities);
const buildMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
const heapAfter = heapMb();
console.log(
  `gazetteer: ${gazetteer.cityCount} cities, ${gazetteer.entryCount} index entries; ` +
    `package load ${loadMs.toFixed(0)} ms + index build ${buildMs.toFixed(0)} ms ` +
    `(CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms in all); ` +
    `heap +${(heapAfter - heapBefore).toFixed(1)} MB` +
    (globalThis.gc ? '' : ' (approximate: run node with --expose-gc)'),
);

const famous = [...cities]
  .sort((a, b) => b.population - a.population)
  .slice(0, 500)
  .map((city) => city.name);
const queries = typicalQueries(famous);
const limit = GEO_SEARCH_LIMITS.defaultResults;
await time('gazetteer.search', queries, (query) => gazetteer.search(query, limit));

const deps = { gazetteer: () => gazetteer, geocoder: undefined, log: pino({ level: 'silent' }) };
let round = 0;
await time('searchPlaces (as the route, no geocoder)', queries, (query) => {
  round += 1;
  const lang = LANGUAGES[round % LANGUAGES.length] ?? 'en';
  return searchPlaces(deps, { q: query, limit, lang });
});
