import { fromMinorUnits } from '@jammy/shared/fields';
import type { ItineraryTree, Place, Stage } from '@jammy/shared/itineraries';
import type { MapPoint } from '../../maps/components/trip-map';

export interface StageGroup {
  stage: Stage;
  places: Place[];
}

/** The stages in order, each with its places in order, and the places no stage holds. */
export function groupByStage(tree: ItineraryTree): { groups: StageGroup[]; loose: Place[] } {
  const stageIds = new Set(tree.stages.map((stage) => stage.id));
  return {
    groups: tree.stages.map((stage) => ({
      stage,
      places: tree.places.filter((place) => place.stageId === stage.id),
    })),
    loose: tree.places.filter((place) => place.stageId === null || !stageIds.has(place.stageId)),
  };
}

function located(place: Place): place is Place & { lat: number; lng: number } {
  return place.lat !== null && place.lng !== null;
}

/**
 * The trip on a map, numbered in trip order: each stage's located places (or, when it has
 * none, the stage's destination), then the places outside any stage. `numbers` gives each
 * place's or stage's marker number.
 */
export function tripPoints(
  groups: StageGroup[],
  loose: Place[],
): { points: MapPoint[]; numbers: Map<string, number> } {
  const points: MapPoint[] = [];
  const numbers = new Map<string, number>();
  const add = (id: string, lat: number, lng: number, title: string) => {
    const number = points.length + 1;
    numbers.set(id, number);
    points.push({ id, lat, lng, label: String(number), title: `${number}. ${title}` });
  };
  for (const { stage, places } of groups) {
    const here = places.filter(located);
    if (here.length > 0) {
      for (const place of here) add(place.id, place.lat, place.lng, place.name);
    } else if (stage.lat !== null && stage.lng !== null) {
      add(stage.id, stage.lat, stage.lng, stage.destinationName ?? stage.title);
    }
  }
  for (const place of loose.filter(located)) add(place.id, place.lat, place.lng, place.name);
  return { points, numbers };
}

/** Planned costs added up per currency, largest first. */
export function costsByCurrency(places: Place[]): { currency: string; amount: number }[] {
  // Summed in minor units (integers), so totals are exact.
  const totals = new Map<string, number>();
  for (const place of places) {
    if (place.costMinor === null || !place.currency) continue;
    totals.set(place.currency, (totals.get(place.currency) ?? 0) + place.costMinor);
  }
  return [...totals]
    .map(([currency, minor]) => ({ currency, amount: fromMinorUnits(minor, currency) }))
    .sort((a, b) => b.amount - a.amount);
}

/** The days a trip lasts: its own dates, else the span of its stages' dates. */
export function tripSpan(tree: ItineraryTree): { start: string | null; end: string | null } {
  const { startDate, endDate } = tree.itinerary;
  if (startDate && endDate) return { start: startDate, end: endDate };
  const dates = tree.stages
    .flatMap((stage) => [stage.startDate, stage.endDate])
    .filter((date): date is string => date !== null)
    .sort();
  return { start: startDate ?? dates[0] ?? null, end: endDate ?? dates.at(-1) ?? null };
}
