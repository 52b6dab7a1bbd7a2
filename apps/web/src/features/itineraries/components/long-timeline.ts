import type { ItineraryTree } from '@jammy/shared/itineraries';
import type { VirtualWindowList } from '../../../components/virtual-window-list';

/**
 * From this many places a trip's timeline draws only the stages near the screen (and keeps
 * the space of the others): a trip of a thousand places opens and scrolls as fast as a short
 * one. A stage chosen on the map, or one of its places, is brought into view and drawn. A
 * shorter trip (10 stages of 10 places) is drawn whole, in a render React may pause: in
 * Lighthouse's runs that kept its blocking time lower than drawing it in view (415 against
 * 652 ms, three runs each).
 */
export const VIRTUAL_TIMELINE_PLACES = 200;

let virtualList: typeof VirtualWindowList | undefined;

/**
 * The virtualizer's code, for a trip whose timeline draws only the stages in view (decision
 * 064): fetched as soon as the trip has arrived rather than once the timeline is drawn, so the
 * timeline's first drawing finds it loaded (`loadedVirtualList`) and draws its stages then,
 * instead of a busy placeholder first and its stages in a later render, which React holds back
 * at least 300 ms after a placeholder is shown. A shorter trip's timeline does not use it.
 */
export function loadTimelineCode(tree: ItineraryTree | undefined): void {
  if (!tree || virtualList) return;
  const inStages = tree.places.reduce((count, place) => count + (place.stageId ? 1 : 0), 0);
  if (inStages < VIRTUAL_TIMELINE_PLACES) return;
  import('../../../components/virtual-window-list').then(
    (module) => {
      virtualList = module.VirtualWindowList;
    },
    () => {
      // The timeline loads it when it is drawn (offline: it draws every stage).
    },
  );
}

/** The virtualized list once `loadTimelineCode` has loaded it, else undefined. */
export const loadedVirtualList = () => virtualList;
