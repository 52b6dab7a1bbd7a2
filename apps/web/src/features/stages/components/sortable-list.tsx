import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Group, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical } from '@tabler/icons-react';
import {
  memo,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactElement,
  type ReactNode,
} from 'react';
import { useTranslation } from '../../../i18n/react';
import { WindowList, type ItemPlace } from '../../../components/window-list';
import { afterIdForMove, useStepOrder } from '../../../lib/step-order';
import { isSaved } from '../lib/move';
import classes from './stages.module.css';

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

/**
 * The drag sensors' options, made once: new options at each render would make new sensors,
 * and every row would draw again whenever the page around the list does.
 */
const POINTER_OPTIONS = { activationConstraint: { distance: 6 } };
const KEYBOARD_OPTIONS = { coordinateGetter: sortableKeyboardCoordinates };

interface RowProps<T extends { id: string }> {
  item: T;
  name: string;
  index: number;
  total: number;
  canReorder: boolean;
  onStep: (item: T, via: 'up' | 'down') => void;
  renderItem: SortableListProps<T>['renderItem'];
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
  place,
}: RowProps<T>) {
  const { id } = item;
  const { t } = useTranslation('stages');
  const movable = canReorder && isSaved(id);
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id, disabled: !movable });
  // A long list places the row with `translate`; a drag moves it with `transform`.
  const style = { ...place?.style, transform: CSS.Translate.toString(transform), transition };
  const ref = (element: HTMLLIElement | null) => {
    setNodeRef(element);
    place?.ref(element);
  };
  const controls = movable ? (
    <Group gap={2} wrap="nowrap" className={classes.controls}>
      <ActionIcon
        variant="subtle"
        color="ink"
        size="lg"
        className={classes.handle}
        aria-label={t('reorder.handle', { name })}
        ref={setActivatorNodeRef}
        {...attributes}
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
      data-dragging={isDragging || undefined}
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
  const sensors = useSensors(
    useSensor(PointerSensor, POINTER_OPTIONS),
    useSensor(KeyboardSensor, KEYBOARD_OPTIONS),
  );
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
          place={place}
        />
      );
    },
    [items, nameOf, total, canReorder, step, renderItem],
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const item = items.find((candidate) => candidate.id === active.id);
    if (item) onMove(item, afterIdForMove(ids, ids.indexOf(item.id), ids.indexOf(String(over.id))));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('reorder.instructions') },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {total >= VIRTUAL_ROWS_FROM ? (
          <WindowList
            count={total}
            keyOf={(index) => ids[index] ?? String(index)}
            estimateSize={() => rowHeight}
            gap={ROW_GAP}
            renderItem={row}
            listProps={{ className: classes.sortableList, 'aria-label': label }}
          />
        ) : (
          <ol className={classes.sortableList} aria-label={label}>
            {items.map((_, index) => row(index))}
          </ol>
        )}
      </SortableContext>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </DndContext>
  );
}
