import { fromMinorUnits } from '@jammy/shared/fields-plain';
import type { ItineraryTree, Place, Stage } from '@jammy/shared/itineraries';
import { byPosition } from '@jammy/shared/positions';
import type { MapPoint } from '../../../components/maps/trip-map';

export interface StageGroup {
  stage: Stage;
  places: Place[];
}

/** The stages in order, each with its places in order, and the places no stage holds. */
export function groupByStage(tree: ItineraryTree): { groups: StageGroup[]; loose: Place[] } {
  const stages = [...tree.stages].sort(byPosition);
  const places = [...tree.places].sort(byPosition);
  const stageIds = new Set(stages.map((stage) => stage.id));
  return {
    groups: stages.map((stage) => ({
      stage,
      places: places.filter((place) => place.stageId === stage.id),
    })),
    loose: places.filter((place) => place.stageId === null || !stageIds.has(place.stageId)),
  };
}

function located(place: Place): place is Place & { lat: number; lng: number } {
  return place.lat !== null && place.lng !== null;
}

/** How the timeline and both maps number a trip: stages 1, 2, 3… and places 1, 2, 3… */
export interface TripNumbers {
  /** Each stage's number in order: its badge in the timeline and its marker on the maps. */
  stages: Map<string, number>;
  /**
   * Each place's number in trip order (stage by stage, then the places outside any stage),
   * located or not: the number in the timeline, the places list and on its marker.
   */
  places: Map<string, number>;
}

/** Numbers the stages and the places of a trip, in the order of `groups` and `loose`. */
export function numberTrip(groups: StageGroup[], loose: Place[]): TripNumbers {
  const stages = new Map(groups.map(({ stage }, index) => [stage.id, index + 1]));
  const places = new Map<string, number>();
  for (const place of [...groups.flatMap((group) => group.places), ...loose]) {
    places.set(place.id, places.size + 1);
  }
  return { stages, places };
}

/** What a marker's tooltip says: "Stage 2: Simon's Town", "7. Cape Point". */
export interface MarkerTitles {
  stage: (number: number, name: string) => string;
  place: (number: number, name: string) => string;
}

/**
 * The trip's markers in trip order (the order the route is drawn in): each stage's located
 * places, or, for a stage with none, its destination marked with the stage's number; then the
 * located places outside any stage. `keepPlace` and `keepStage` leave some out (filters).
 */
export function tripMarkers(
  groups: StageGroup[],
  loose: Place[],
  numbers: TripNumbers,
  titles: MarkerTitles,
  keep: { place?: (place: Place) => boolean; stage?: (stage: Stage) => boolean } = {},
): MapPoint[] {
  const keepPlace = keep.place ?? (() => true);
  const keepStage = keep.stage ?? (() => true);
  const points: MapPoint[] = [];
  const addPlace = (place: Place & { lat: number; lng: number }) => {
    const number = numbers.places.get(place.id) ?? 0;
    points.push({
      id: place.id,
      lat: place.lat,
      lng: place.lng,
      label: String(number),
      title: titles.place(number, place.name),
      kind: 'place',
    });
  };
  for (const { stage, places } of groups) {
    const here = places.filter(located);
    const shown = here.filter(keepPlace);
    if (here.length > 0) shown.forEach(addPlace);
    else if (stage.lat !== null && stage.lng !== null && keepStage(stage)) {
      const number = numbers.stages.get(stage.id) ?? 0;
      points.push({
        id: stage.id,
        lat: stage.lat,
        lng: stage.lng,
        label: String(number),
        title: titles.stage(number, stage.destinationName ?? stage.title),
        kind: 'stage',
      });
    }
  }
  loose.filter(located).filter(keepPlace).forEach(addPlace);
  return points;
}

/** Planned costs (of places and bookings) added up per currency, largest first. */
export function costsByCurrency(
  places: Pick<Place, 'costMinor' | 'currency'>[],
): { currency: string; amount: number }[] {
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
