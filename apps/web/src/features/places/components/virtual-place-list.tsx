import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef } from 'react';
import type { NumberedPlace, PlaceGroup } from '../lib/place-order';
import { GroupHeading, PlaceButton, type PlaceListProps } from './place-rows';
import classes from './places.module.css';

type Item = { kind: 'heading'; group: PlaceGroup } | { kind: 'place'; entry: NumberedPlace };

/** On a phone, where the page scrolls, a long list scrolls in a box of this height. */
const PHONE_LIST_HEIGHT = '70vh';

/** A long list of places: only the rows in view (and a few around them) are drawn. */
export function VirtualPlaceList({ groups, selectedId, onSelect, maxHeight }: PlaceListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const items = useMemo(
    () =>
      groups.flatMap((group): Item[] => [
        { kind: 'heading', group },
        ...group.places.map((entry): Item => ({ kind: 'place', entry })),
      ]),
    [groups],
  );
  // The virtualizer's functions change with its state; nothing here memoises them (the app does
  // not use the React Compiler, which is what this rule protects).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: (index) => (items[index]?.kind === 'heading' ? 64 : 68),
    getItemKey: (index) => {
      const item = items[index];
      if (!item) return index;
      return item.kind === 'heading'
        ? `stage:${item.group.stage?.id ?? 'none'}`
        : item.entry.place.id;
    },
    overscan: 6,
  });

  // Reveal the chosen row (a marker chosen on the map), drawing it if it was out of view.
  useEffect(() => {
    if (!selectedId) return;
    const index = items.findIndex(
      (item) => item.kind === 'place' && item.entry.place.id === selectedId,
    );
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'auto' });
  }, [selectedId, items, virtualizer]);

  return (
    <div
      ref={scroller}
      className={classes.list}
      style={{ maxHeight: maxHeight ?? PHONE_LIST_HEIGHT }}
      data-virtual-list
    >
      <div className={classes.virtualRows} style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => {
          const item = items[row.index];
          if (!item) return null;
          return (
            <div
              key={row.key}
              data-index={row.index}
              ref={virtualizer.measureElement}
              className={item.kind === 'heading' ? classes.virtualHeading : classes.virtualRow}
              style={{ transform: `translateY(${row.start}px)` }}
            >
              {item.kind === 'heading' ? (
                <GroupHeading group={item.group} />
              ) : (
                <PlaceButton
                  entry={item.entry}
                  selected={item.entry.place.id === selectedId}
                  onSelect={onSelect}
                />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
