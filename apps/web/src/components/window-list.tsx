import { lazy, Suspense } from 'react';
import type { VirtualWindowListProps } from './virtual-window-list';

// The virtualizer (@tanstack/react-virtual) loads only for a long list, and is not in the
// offline precache: a device that never loaded it online draws every item instead.
const VirtualWindowList = lazy(() =>
  import('./virtual-window-list').then(
    (module) => ({ default: module.VirtualWindowList }),
    () => ({ default: FullWindowList }),
  ),
);

/** Every item of the list, for a device without the virtualizer. */
function FullWindowList({ count, renderItem, listProps }: VirtualWindowListProps) {
  return (
    <ol {...listProps}>
      {Array.from({ length: count }, (_, index) =>
        renderItem(index, { ref: () => {}, 'data-index': index, style: {} }),
      )}
    </ol>
  );
}

/**
 * A long list in the page's own scroll that draws only the items near the screen
 * (VirtualWindowList). Until the virtualizer's code has loaded, the list keeps its expected
 * height, marked busy.
 */
export function WindowList(props: VirtualWindowListProps) {
  const { count, estimateSize, gap, listProps } = props;
  let height = 0;
  for (let index = 0; index < count; index += 1) height += estimateSize(index) + gap;
  return (
    <Suspense
      fallback={<ol {...listProps} aria-busy="true" style={{ ...listProps?.style, height }} />}
    >
      <VirtualWindowList {...props} />
    </Suspense>
  );
}

export type { ItemPlace, VirtualWindowListProps } from './virtual-window-list';
