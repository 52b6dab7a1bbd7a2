import { useWindowVirtualizer } from '@tanstack/react-virtual';
import {
  memo,
  useEffect,
  useRef,
  useState,
  type ComponentPropsWithoutRef,
  type CSSProperties,
  type ReactNode,
} from 'react';

/** What an item of a VirtualWindowList carries on its `<li>`: its place in the list. */
export interface ItemPlace {
  ref: (element: HTMLElement | null) => void;
  'data-index': number;
  style: CSSProperties;
}

export interface VirtualWindowListProps {
  count: number;
  /** A stable key of the item at `index` (its row's id). */
  keyOf: (index: number) => string;
  /** The height the item at `index` is expected to have before it is drawn and measured. */
  estimateSize: (index: number) => number;
  /**
   * The item at `index`: an `<li>` carrying `place` (its ref, index and style merged). The
   * same function draws the same items: an item already drawn is not drawn again while the
   * page scrolls (give a new function when what the items show changes).
   */
  renderItem: (index: number, place: ItemPlace) => ReactNode;
  /** Space between items, in pixels. */
  gap: number;
  /** An item to bring into view when it changes (a row chosen elsewhere, on the map). */
  revealIndex?: number | null;
  /** The list's own attributes (class, label, data-…). */
  listProps?: ComponentPropsWithoutRef<'ol'> & { [data: `data-${string}`]: string | boolean };
}

/** How every item is placed: the virtualizer writes its `top` itself, as the page scrolls. */
const ITEM_STYLE: CSSProperties = { position: 'absolute', insetInlineStart: 0, width: '100%' };

/**
 * One item, drawn again only when it or `renderItem` changes: scrolling draws only the items
 * coming into view.
 */
const Item = memo(function Item({
  index,
  renderItem,
  measure,
}: {
  index: number;
  renderItem: VirtualWindowListProps['renderItem'];
  measure: ItemPlace['ref'];
}) {
  return renderItem(index, { ref: measure, 'data-index': index, style: ITEM_STYLE });
});

/**
 * An ordered list in the page's own scroll (the window) that draws only the items near the
 * screen, and keeps the space of the others: a trip's thousand places, a hundred stages. Items
 * are measured as drawn, so rows of any height keep their offsets. Scrolling moves the items
 * and sizes the list without drawing anything again (the virtualizer writes `top` and `height`
 * itself); React draws only when items come into view or leave it. `transform` is left to a
 * dragged row (dnd-kit).
 */
export function VirtualWindowList({
  count,
  keyOf,
  estimateSize,
  renderItem,
  gap,
  revealIndex,
  listProps,
}: VirtualWindowListProps) {
  const list = useRef<HTMLOListElement>(null);
  // Where the list starts in the page: the virtualizer counts the window's scroll from there.
  // What is above it (a cover, photos) may change height once drawn. Read when the browser has
  // laid the page out (a ResizeObserver's moment), never in React's commit, where reading a
  // position makes the browser lay out the whole page there and then (and a Lighthouse trace
  // counts that many times over, decision 027).
  const [offset, setOffset] = useState(0);
  useEffect(() => {
    const element = list.current;
    if (!element) return;
    const observer = new ResizeObserver(() =>
      setOffset(element.getBoundingClientRect().top + window.scrollY),
    );
    observer.observe(element);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize,
    getItemKey: keyOf,
    overscan: 3,
    gap,
    scrollMargin: offset,
    directDomUpdates: true,
    directDomUpdatesMode: 'position',
    // An item just drawn is given its expected (or last known) height; its own comes from the
    // ResizeObserver once the browser has laid it out, before it paints, instead of being read
    // in the middle of React's commit.
    measureElement: (element, entry, instance) => {
      const box = entry?.borderBoxSize[0];
      if (box) return Math.round(box.blockSize);
      const index = instance.indexFromElement(element);
      return instance.itemSizeCache.get(keyOf(index)) ?? estimateSize(index);
    },
  });
  useEffect(() => {
    if (revealIndex !== undefined && revealIndex !== null && revealIndex >= 0) {
      virtualizer.scrollToIndex(revealIndex, { align: 'auto' });
    }
  }, [revealIndex, virtualizer]);

  return (
    <ol
      {...listProps}
      ref={(element) => {
        list.current = element;
        virtualizer.containerRef(element);
      }}
      style={{ ...listProps?.style, position: 'relative' }}
    >
      {virtualizer.getVirtualItems().map((item) => (
        <Item
          key={item.key}
          index={item.index}
          renderItem={renderItem}
          measure={virtualizer.measureElement}
        />
      ))}
    </ol>
  );
}
