import type { ItineraryTree } from '@jammy/shared/itineraries';
import type { VirtualWindowList } from '../../../components/virtual-window-list';
import type { OverviewBody } from './overview-body';
import { VIRTUAL_TIMELINE_PLACES } from './timeline-length';

let loading: Promise<{ OverviewBody: typeof OverviewBody }> | undefined;

/**
 * The code of a trip overview's sections below its first screen (a chunk of its own, with its
 * stylesheet), fetched once: the page's loader starts it beside the trip's data and the page
 * draws it from the same promise, which settles once the stylesheet has loaded too (a second
 * import would not wait for a stylesheet the first one is still loading). A failed fetch is
 * tried again next time.
 */
export function loadOverviewBody() {
  loading ??= import('./overview-body').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

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
