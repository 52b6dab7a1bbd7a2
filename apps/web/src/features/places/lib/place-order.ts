import type { ItineraryTree, Place, PlaceCategory, Stage } from '@jammy/shared/itineraries';
import { byPosition } from '@jammy/shared/positions';

/** A place with its number in trip order (1, 2, 3…) and its stage. */
export interface NumberedPlace {
  place: Place;
  number: number;
  stage: Stage | null;
}

/** The places of one stage (or of no stage: `stage` null), numbered in trip order. */
export interface PlaceGroup {
  stage: Stage | null;
  places: NumberedPlace[];
}

/** `all` stages, one stage's id, or `none`: the places not in a stage. */
export type StageFilter = 'all' | 'none' | (string & {});

export interface PlaceFilters {
  stage: StageFilter;
  /** Empty: every category. */
  categories: readonly PlaceCategory[];
}

/**
 * The trip's places grouped and numbered in trip order: the stages in their order with their
 * places, then the places without a stage. A place of a stage that no longer exists counts
 * as without a stage. Empty stages are kept (as empty groups).
 */
export function groupPlaces(tree: ItineraryTree): PlaceGroup[] {
  const stages = [...tree.stages].sort(byPosition);
  const stageIds = new Set(stages.map((stage) => stage.id));
  const places = [...tree.places].sort(byPosition);
  let number = 0;
  const numbered = (stage: Stage | null, members: Place[]): PlaceGroup => ({
    stage,
    places: members.map((place) => {
      number += 1;
      return { place, number, stage };
    }),
  });
  const groups = stages.map((stage) =>
    numbered(
      stage,
      places.filter((place) => place.stageId === stage.id),
    ),
  );
  const loose = places.filter((place) => place.stageId === null || !stageIds.has(place.stageId));
  return [...groups, numbered(null, loose)];
}

/** The groups and places that pass the filters (groups left empty by the filters dropped). */
export function filterGroups(groups: PlaceGroup[], filters: PlaceFilters): PlaceGroup[] {
  const categories = new Set(filters.categories);
  return groups
    .filter((group) => {
      if (filters.stage === 'all') return true;
      if (filters.stage === 'none') return group.stage === null;
      return group.stage?.id === filters.stage;
    })
    .map((group) => ({
      ...group,
      places: group.places.filter(
        ({ place }) => categories.size === 0 || categories.has(place.category),
      ),
    }))
    .filter((group) => group.places.length > 0);
}

/** Whether a place can be shown on the map. */
export function hasCoordinates(place: Place): place is Place & { lat: number; lng: number } {
  return place.lat !== null && place.lng !== null;
}

/** "3. Tōdai-ji": a stage or place with its number in trip order (as on the map's markers). */
export function numbered(number: number, name: string): string {
  return `${number}. ${name}`;
}
