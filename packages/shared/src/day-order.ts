// The best order of a day's stops: the shortest travel from the day's start (the night's stay,
// an arrival) through every stop to its end (the next stay, a departure, a dinner booking).
// Plain code, the same on the server (the API) and in the web app (the preview).

/**
 * A day to order. `travel[i][j]` is the time from node i to node j, in any unit (seconds by the
 * callers); node 0 is the day's start, node n + 1 its end, nodes 1..n the stops in their current
 * order. Rows and columns of zeros make a day without a fixed start or end. `kept` holds the
 * stops (0-based, in the current order) that keep their place: those the traveller pinned and
 * those at a fixed time, whose order the clock sets.
 */
export interface DayRoute {
  travel: readonly (readonly number[])[];
  kept: ReadonlySet<number>;
}

export interface DayOrder {
  /** The stops (0-based, as in the current order) in the order to visit them. */
  order: number[];
  seconds: number;
  currentSeconds: number;
  /** `current` when no order is shorter than today's, which is then returned. */
  method: 'exact' | 'heuristic' | 'current';
}

/**
 * Up to this many stops the order is the best there is (Held–Karp: 2^12 × 12 × 12 ≈ 0.6 million
 * steps, a few milliseconds); beyond, time and memory double with each stop, and a heuristic
 * takes over.
 */
export const EXACT_STOP_LIMIT = 12;

/** Moves of the local search: chains of up to this many stops are moved elsewhere (Or-opt). */
const OR_OPT_CHAIN = 3;

/** The total travel of visiting the stops in `order` between the day's start and end. */
export function routeSeconds(day: DayRoute, order: readonly number[]): number {
  const end = day.travel.length - 1;
  let previous = 0;
  let total = 0;
  for (const stop of order) {
    total += day.travel[previous]?.[stop + 1] ?? 0;
    previous = stop + 1;
  }
  return total + (day.travel[previous]?.[end] ?? 0);
}

/** The shortest order of a day's stops that keeps the kept ones in place; never worse than today's. */
export function optimiseOrder(day: DayRoute): DayOrder {
  const stops = day.travel.length - 2;
  const current = Array.from({ length: stops }, (_, stop) => stop);
  const currentSeconds = routeSeconds(day, current);
  const exact = stops <= EXACT_STOP_LIMIT;
  const order = exact ? heldKarp(day, stops) : localSearch(day, stops, current);
  const seconds = routeSeconds(day, order);
  if (seconds < currentSeconds) {
    return { order, seconds, currentSeconds, method: exact ? 'exact' : 'heuristic' };
  }
  return { order: current, seconds: currentSeconds, currentSeconds, method: 'current' };
}

/**
 * Held–Karp's dynamic programme over the sets of stops already visited: `best[set][last]` is
 * the shortest way from the start through `set` ending at `last`. The next place in the order
 * is the size of the set, so a kept stop may only be added when its own place comes, and a
 * free stop only at a free place.
 */
function heldKarp(day: DayRoute, stops: number): number[] {
  if (stops === 0) return [];
  const cost = (from: number, to: number) => day.travel[from]?.[to] ?? 0;
  const sets = 1 << stops;
  const best = new Float64Array(sets * stops).fill(Infinity);
  const parent = new Int8Array(sets * stops).fill(-1);
  const size = new Uint8Array(sets);
  for (let set = 1; set < sets; set += 1) size[set] = (size[set >> 1] ?? 0) + (set & 1);
  const candidates = (place: number) =>
    day.kept.has(place)
      ? [place]
      : Array.from({ length: stops }, (_, stop) => stop).filter((stop) => !day.kept.has(stop));
  const byPlace = Array.from({ length: stops }, (_, place) => candidates(place));

  for (const stop of byPlace[0] ?? []) best[(1 << stop) * stops + stop] = cost(0, stop + 1);
  for (let set = 1; set < sets; set += 1) {
    const next = byPlace[size[set] ?? 0];
    if (!next) continue;
    for (let last = 0; last < stops; last += 1) {
      const here = best[set * stops + last] ?? Infinity;
      if (here === Infinity) continue;
      for (const stop of next) {
        if (set & (1 << stop)) continue;
        const index = (set | (1 << stop)) * stops + stop;
        const through = here + cost(last + 1, stop + 1);
        if (through < (best[index] ?? Infinity)) {
          best[index] = through;
          parent[index] = last;
        }
      }
    }
  }

  const all = sets - 1;
  let last = 0;
  let shortest = Infinity;
  for (let stop = 0; stop < stops; stop += 1) {
    const total = (best[all * stops + stop] ?? Infinity) + cost(stop + 1, stops + 1);
    if (total < shortest) {
      shortest = total;
      last = stop;
    }
  }
  const order: number[] = [];
  for (let set = all; last >= 0 && set !== 0;) {
    order.push(last);
    const before = parent[set * stops + last] ?? -1;
    set &= ~(1 << last);
    last = before;
  }
  return order.reverse();
}

/**
 * Beyond the exact limit: nearest neighbour builds an order, then 2-opt (reverse a run) and
 * Or-opt (move a chain of up to three stops) improve it until no move shortens it. Moves act on
 * the free stops only, laid into the free places in turn, so kept stops never move. The search
 * runs from the nearest-neighbour order and from today's, and keeps the shorter.
 */
function localSearch(day: DayRoute, stops: number, current: readonly number[]): number[] {
  const freePlaces = current.filter((place) => !day.kept.has(place));
  const layOut = (free: readonly number[]) => {
    const order = [...current];
    freePlaces.forEach((place, index) => {
      order[place] = free[index] ?? place;
    });
    return order;
  };
  const improve = (start: number[]) => {
    let free = start;
    let seconds = routeSeconds(day, layOut(free));
    let improved = true;
    while (improved) {
      improved = false;
      for (const candidate of moves(free)) {
        const candidateSeconds = routeSeconds(day, layOut(candidate));
        if (candidateSeconds < seconds) {
          free = candidate;
          seconds = candidateSeconds;
          improved = true;
          break;
        }
      }
    }
    return { free, seconds };
  };
  const fromNearest = improve(nearestNeighbour(day, stops, freePlaces));
  const fromCurrent = improve(freePlaces);
  return layOut(fromNearest.seconds <= fromCurrent.seconds ? fromNearest.free : fromCurrent.free);
}

/** The free stops, each time the nearest one not yet taken from where the day stands. */
function nearestNeighbour(day: DayRoute, stops: number, freePlaces: readonly number[]): number[] {
  const left = new Set(freePlaces);
  const free: number[] = [];
  let previous = 0;
  for (let place = 0; place < stops; place += 1) {
    if (day.kept.has(place)) {
      previous = place + 1;
      continue;
    }
    let nearest = -1;
    let nearestSeconds = Infinity;
    for (const stop of left) {
      const seconds = day.travel[previous]?.[stop + 1] ?? 0;
      if (seconds < nearestSeconds) {
        nearest = stop;
        nearestSeconds = seconds;
      }
    }
    left.delete(nearest);
    free.push(nearest);
    previous = nearest + 1;
  }
  return free;
}

/** Every 2-opt and Or-opt neighbour of an order of free stops. */
function* moves(free: readonly number[]): Generator<number[]> {
  const count = free.length;
  for (let from = 0; from < count - 1; from += 1) {
    for (let to = from + 1; to < count; to += 1) {
      yield [...free.slice(0, from), ...free.slice(from, to + 1).reverse(), ...free.slice(to + 1)];
    }
  }
  for (let length = 1; length <= OR_OPT_CHAIN; length += 1) {
    for (let from = 0; from + length <= count; from += 1) {
      const chain = free.slice(from, from + length);
      const rest = [...free.slice(0, from), ...free.slice(from + length)];
      for (let at = 0; at <= rest.length; at += 1) {
        if (at === from) continue;
        yield [...rest.slice(0, at), ...chain, ...rest.slice(at)];
      }
    }
  }
}
