// Day optimiser benchmark: days of 25 stops (the heuristic) and of 12 (the exact search) in a
// city, travel by the offline estimate, timed after a warm-up; fails above the 100 ms target
// for 25 stops. Run: npm run bench:day.
import { EXACT_STOP_LIMIT, optimiseOrder, type DayRoute } from '@jammy/shared/day-order';
import { estimateLeg, type LatLng } from '@jammy/shared/travel-estimate';

const DAYS = 200;
const WARM_UP_DAYS = 20;
const TARGET_MS = 100;

/** A repeatable pseudo-random sequence (mulberry32), so every run times the same days. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Stops scattered over 10 km × 10 km of Rome, a hotel at the start and the end, two pinned. */
function day(stops: number, next: () => number): DayRoute {
  const point = (): LatLng => ({ lat: 41.85 + next() * 0.09, lng: 12.44 + next() * 0.12 });
  const hotel = point();
  const points = [hotel, ...Array.from({ length: stops }, point), hotel];
  return {
    travel: points.map((from) => points.map((to) => estimateLeg(from, to, 'walk').durationSeconds)),
    kept: new Set([Math.floor(stops / 3), Math.floor((2 * stops) / 3)]),
  };
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? NaN;
}

function time(stops: number): number {
  const next = random(stops);
  for (let index = 0; index < WARM_UP_DAYS; index += 1) optimiseOrder(day(stops, next));
  const samples: number[] = [];
  let saved = 0;
  for (let index = 0; index < DAYS; index += 1) {
    const route = day(stops, next);
    const started = performance.now();
    const result = optimiseOrder(route);
    samples.push(performance.now() - started);
    saved += 1 - result.seconds / result.currentSeconds;
  }
  samples.sort((a, b) => a - b);
  const ms = (value: number) => value.toFixed(2);
  const max = samples.at(-1) ?? NaN;
  console.log(
    `${stops} stops: ${DAYS} days, p50 ${ms(percentile(samples, 0.5))} ms, ` +
      `p99 ${ms(percentile(samples, 0.99))} ms, max ${ms(max)} ms; ` +
      `travel saved on the random order ${((saved / DAYS) * 100).toFixed(0)} % on average`,
  );
  return max;
}

time(EXACT_STOP_LIMIT);
const worst = time(25);
if (worst >= TARGET_MS) {
  console.error(
    `25 stops took ${worst.toFixed(1)} ms at worst; the target is under ${TARGET_MS} ms`,
  );
  process.exitCode = 1;
}
