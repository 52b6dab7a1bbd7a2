import type { Announcements, DragEndEvent, UniqueIdentifier } from '@dnd-kit/core';
import { ActionIcon, Group, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical } from '@tabler/icons-react';
import {
  memo,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { useTranslation } from '../../../i18n/react';
import { WindowList, type ItemPlace } from '../../../components/window-list';
import { afterIdForMove, useStepOrder } from '../../../lib/step-order';
import { isSaved } from '../lib/move';
import { DragStore } from './drag-store';
import type { DragLayer as DragLayerType } from './sortable-drag';
import classes from './stages.module.css';

// Drag and drop (dnd-kit, 11.5 kB gzip, and its setup for every row) is not part of the page's
// first load: it loads when the pointer or the focus first comes to the list, on the way to a
// handle (issue 34). The step buttons work before it; a handle pressed before it has arrived
// starts its drag once it has.
const loadDragLayer = () => import('./sortable-drag').then((module) => module.DragLayer);

export interface SortableListProps<T extends { id: string }> {
  items: T[];
  /** What the list holds, for screen readers. */
  label: string;
  /** False for viewers: no handles, no buttons. */
  canReorder: boolean;
  nameOf: (item: T) => string;
  onMove: (item: T, afterId: string | null) => void;
  /** One row; `controls` is its drag handle and move buttons (null when it cannot move). */
  renderItem: (item: T, index: number, controls: ReactNode) => ReactNode;
  /** The height a row is expected to have before it is drawn (a long list draws rows near the screen only). */
  rowHeight?: number;
}

/**
 * From this many rows the list draws only those near the screen (a trip of a hundred stages):
 * the others keep their space, come as the page scrolls, and a dragged row carries the list
 * along as it nears the screen's edge.
 */
const VIRTUAL_ROWS_FROM = 40;

/** Space between rows (the `gap` of `.sortableList`). */
const ROW_GAP = 12;

interface RowProps<T extends { id: string }> {
  item: T;
  name: string;
  index: number;
  total: number;
  canReorder: boolean;
  onStep: (item: T, via: 'up' | 'down') => void;
  renderItem: SortableListProps<T>['renderItem'];
  /** Where it meets the drag layer, once that has loaded. */
  store: DragStore;
  /** Asks for the drag layer (once; nothing after). */
  wantDrag: () => void;
  /** Its place in a long list that draws only the rows near the screen. */
  place?: ItemPlace;
}

/**
 * One row. Its props are its item and functions that stay the same from one render to the
 * next (when the list's owner keeps `renderItem` so), so a row draws again only when its item,
 * its position or its drag changes: not at every render of the page around the list.
 */
const SortableRow = memo(function SortableRow<T extends { id: string }>({
  item,
  name,
  index,
  total,
  canReorder,
  onStep,
  renderItem,
  store,
  wantDrag,
  place,
}: RowProps<T>) {
  const { id } = item;
  const { t } = useTranslation('stages');
  const movable = canReorder && isSaved(id);
  const drag = useSyncExternalStore(
    useCallback((onChange: () => void) => store.subscribe(id, onChange), [store, id]),
    () => store.drag(id),
  );
  // A long list places the row with `translate`; a drag moves it with `transform`.
  const style = { ...place?.style, transform: drag?.transform, transition: drag?.transition };
  const placeRef = place?.ref;
  const ref = useCallback(
    (element: HTMLLIElement | null) => {
      store.setElement(id, 'node', element);
      placeRef?.(element);
    },
    [store, id, placeRef],
  );
  const handle = useRef<HTMLButtonElement | null>(null);
  const handleRef = useCallback(
    (element: HTMLButtonElement | null) => {
      handle.current = element;
      store.setElement(id, 'handle', element);
    },
    [store, id],
  );
  // Space or Enter on the handle before the drag layer has arrived: kept, and given to the
  // handle again once the layer has bound it, so the keyboard's drag starts as it would have.
  const pressEarly = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== ' ' && event.key !== 'Enter') return;
    event.preventDefault();
    store.press(id);
    wantDrag();
  };
  const listeners = drag?.listeners;
  useEffect(() => {
    if (!listeners || !store.takePress(id)) return;
    handle.current?.dispatchEvent(
      new globalThis.KeyboardEvent('keydown', {
        key: ' ',
        code: 'Space',
        bubbles: true,
        cancelable: true,
      }),
    );
  }, [listeners, store, id]);
  const controls = movable ? (
    <Group gap={2} wrap="nowrap" className={classes.controls}>
      <ActionIcon
        variant="subtle"
        color="ink"
        size="lg"
        className={classes.handle}
        aria-label={t('reorder.handle', { name })}
        ref={handleRef}
        onKeyDown={pressEarly}
        {...drag?.attributes}
        {...listeners}
      >
        <IconGripVertical size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="ink"
        size="lg"
        data-move={`${id}-up`}
        aria-label={t('reorder.up', { name })}
        disabled={index === 0}
        onClick={() => onStep(item, 'up')}
      >
        <IconArrowUp size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="ink"
        size="lg"
        data-move={`${id}-down`}
        aria-label={t('reorder.down', { name })}
        disabled={index === total - 1}
        onClick={() => onStep(item, 'down')}
      >
        <IconArrowDown size={18} aria-hidden />
      </ActionIcon>
    </Group>
  ) : null;

  return (
    <li
      ref={ref}
      style={style}
      data-index={place?.['data-index']}
      className={classes.sortableRow}
      data-dragging={drag?.isDragging || undefined}
      data-sortable-row={name}
    >
      {renderItem(item, index, controls)}
    </li>
  );
}) as <T extends { id: string }>(props: RowProps<T>) => ReactElement;

/**
 * An ordered list whose rows can be dragged by a handle (mouse, touch, or keyboard: space,
 * arrows, space) or moved one step with buttons; every move is announced.
 */
export function SortableList<T extends { id: string }>({
  items,
  label,
  canReorder,
  nameOf,
  onMove,
  renderItem,
  rowHeight = 96,
}: SortableListProps<T>) {
  const { t } = useTranslation('stages');
  const [announcement, setAnnouncement] = useState('');
  // After a step move, the button to keep focused (its twin when it became disabled).
  const focusTarget = useRef<string | null>(null);
  const [store] = useState(() => new DragStore());
  const [DragLayer, setDragLayer] = useState<typeof DragLayerType | null>(null);
  const asked = useRef(false);
  // One function for the list's life: the rows (memoised) are not drawn again when it is used.
  const wantDrag = useCallback(() => {
    if (asked.current || !canReorder) return;
    asked.current = true;
    loadDragLayer().then(
      // In a transition: a click on its way (a row's button) is answered first.
      (layer) => startTransition(() => setDragLayer(() => layer)),
      () => {
        // Offline without its code: the step buttons still move the rows.
        asked.current = false;
      },
    );
  }, [canReorder]);
  const ids = useMemo(() => items.map((item) => item.id), [items]);
  const total = items.length;
  const stepOf = useStepOrder(ids);

  // Before paint, in the commit that moved the row: the button that lost the focus when its
  // row moved gets it back before the next key press can land on the page's body.
  useLayoutEffect(() => {
    if (!focusTarget.current) return;
    const button = document.querySelector<HTMLButtonElement>(
      `[data-move="${focusTarget.current}"]`,
    );
    if (button && !button.disabled) {
      button.focus();
      focusTarget.current = null;
    }
  }, [items]);

  const nameById = (id: UniqueIdentifier) => {
    const item = items.find((candidate) => candidate.id === id);
    return item ? nameOf(item) : '';
  };
  const position = (id: UniqueIdentifier | undefined) =>
    id === undefined ? 0 : ids.indexOf(String(id)) + 1;

  /** Moves a row one step up or down from where it is now (nothing at the edge). */
  const step = useCallback(
    (item: T, via: 'up' | 'down') => {
      const moved = stepOf(item.id, via);
      if (!moved) return;
      onMove(item, moved.afterId);
      setAnnouncement(t('reorder.moved', { name: nameOf(item), position: moved.to + 1, total }));
      // The same button keeps the focus, or its twin once the row reached the top or bottom.
      const edge = via === 'up' ? moved.to === 0 : moved.to === moved.total - 1;
      focusTarget.current = `${item.id}-${edge ? (via === 'up' ? 'down' : 'up') : via}`;
    },
    [stepOf, onMove, t, nameOf, total],
  );

  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('reorder.pickedUp', { name: nameById(active.id), position: position(active.id), total }),
    onDragOver: ({ active, over }) =>
      over
        ? t('reorder.over', { name: nameById(active.id), position: position(over.id), total })
        : t('reorder.outside', { name: nameById(active.id) }),
    onDragEnd: ({ active, over }) =>
      over
        ? t('reorder.dropped', { name: nameById(active.id), position: position(over.id), total })
        : t('reorder.cancelled', { name: nameById(active.id) }),
    onDragCancel: ({ active }) => t('reorder.cancelled', { name: nameById(active.id) }),
  };

  // Scrolling a long list draws again only rows coming into view (VirtualWindowList keeps
  // what this function drew until it changes with the list).
  const row = useCallback(
    (index: number, place?: ItemPlace) => {
      const item = items[index];
      if (!item) return null;
      return (
        <SortableRow
          key={item.id}
          item={item}
          name={nameOf(item)}
          index={index}
          total={total}
          canReorder={canReorder}
          onStep={step}
          renderItem={renderItem}
          store={store}
          wantDrag={wantDrag}
          place={place}
        />
      );
    },
    [items, nameOf, total, canReorder, step, renderItem, store, wantDrag],
  );
  const movable = useCallback((id: string) => canReorder && isSaved(id), [canReorder]);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const item = items.find((candidate) => candidate.id === active.id);
    if (item) onMove(item, afterIdForMove(ids, ids.indexOf(item.id), ids.indexOf(String(over.id))));
  };

  // The drag layer's first approach: the pointer over the list, the focus in it.
  const approach = DragLayer
    ? {}
    : { onPointerEnter: wantDrag, onPointerDown: wantDrag, onFocus: wantDrag };
  return (
    <>
      {total >= VIRTUAL_ROWS_FROM ? (
        <WindowList
          count={total}
          keyOf={(index) => ids[index] ?? String(index)}
          estimateSize={() => rowHeight}
          gap={ROW_GAP}
          renderItem={row}
          listProps={{ className: classes.sortableList, 'aria-label': label, ...approach }}
        />
      ) : (
        <ol className={classes.sortableList} aria-label={label} {...approach}>
          {items.map((_, index) => row(index))}
        </ol>
      )}
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      {DragLayer && (
        <DragLayer
          ids={ids}
          movable={movable}
          store={store}
          announcements={announcements}
          instructions={t('reorder.instructions')}
          onDragEnd={onDragEnd}
        />
      )}
    </>
  );
}
