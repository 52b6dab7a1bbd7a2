import { Stack } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef } from 'react';
import {
  GroupHeading,
  PlaceButton,
  type PlaceButtonProps,
  type PlaceListProps,
} from './place-rows';
import classes from './places.module.css';

// The virtualizer (@tanstack/react-virtual, 35 kB) loads only for a long list, and is not in
// the offline precache: a device that never loaded it online shows the whole list instead.
const VirtualPlaceList = lazy(() =>
  import('./virtual-place-list').then(
    (module) => ({ default: module.VirtualPlaceList }),
    () => ({ default: FullPlaceList }),
  ),
);

function PlaceRow(props: PlaceButtonProps) {
  return (
    <li>
      <PlaceButton {...props} />
    </li>
  );
}

/** From this many places the list draws only the rows in view (and a few around them). */
export const VIRTUAL_LIST_FROM = 100;

/**
 * The places beside the map (below it on a phone), grouped by stage in trip order. Choosing
 * one highlights its marker; choosing a marker highlights and reveals its row here. A long
 * list (VIRTUAL_LIST_FROM places or more) draws only what is in view.
 */
export function PlaceList({ groups, selectedId, onSelect, maxHeight }: PlaceListProps) {
  const count = groups.reduce((sum, group) => sum + group.places.length, 0);
  return count >= VIRTUAL_LIST_FROM ? (
    <Suspense
      fallback={<div className={classes.list} style={{ height: maxHeight }} aria-busy="true" />}
    >
      <VirtualPlaceList
        groups={groups}
        selectedId={selectedId}
        onSelect={onSelect}
        maxHeight={maxHeight}
      />
    </Suspense>
  ) : (
    <FullPlaceList
      groups={groups}
      selectedId={selectedId}
      onSelect={onSelect}
      maxHeight={maxHeight}
    />
  );
}

function FullPlaceList({ groups, selectedId, onSelect, maxHeight }: PlaceListProps) {
  const scroller = useRef<HTMLDivElement>(null);

  // Reveal the chosen row inside the list only (never scrolls the page away from the map).
  useEffect(() => {
    const container = scroller.current;
    if (!container || !selectedId || container.scrollHeight <= container.clientHeight) return;
    const row = container.querySelector<HTMLElement>(`[data-place-id="${selectedId}"]`);
    if (!row) return;
    const top = row.offsetTop - container.offsetTop;
    if (top < container.scrollTop) container.scrollTop = top - 8;
    else if (top + row.offsetHeight > container.scrollTop + container.clientHeight)
      container.scrollTop = top + row.offsetHeight - container.clientHeight + 8;
  }, [selectedId]);

  return (
    <div ref={scroller} className={classes.list} style={{ maxHeight }}>
      <Stack gap="lg">
        {groups.map((group) => (
          <section key={group.stage?.id ?? 'none'}>
            <GroupHeading group={group} />
            <ul className={classes.rows}>
              {group.places.map((entry) => (
                <PlaceRow
                  key={entry.place.id}
                  entry={entry}
                  selected={entry.place.id === selectedId}
                  onSelect={onSelect}
                />
              ))}
            </ul>
          </section>
        ))}
      </Stack>
    </div>
  );
}
