import type { OverviewBody } from './overview-body';

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
