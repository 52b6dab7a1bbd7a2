import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useLayoutEffect } from 'react';
import type { DragStore } from './drag-store';

/**
 * The drag sensors' options, made once: new options at each render would make new sensors,
 * and every row would draw again whenever the page around the list does.
 */
const POINTER_OPTIONS = { activationConstraint: { distance: 6 } };
const KEYBOARD_OPTIONS = { coordinateGetter: sortableKeyboardCoordinates };

/** dnd-kit's hold on one row: its element and handle from the row, its drag back to it. */
function RowBinding({ id, disabled, store }: { id: string; disabled: boolean; store: DragStore }) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id, disabled });
  useLayoutEffect(
    () =>
      store.bind(id, (node, handle) => {
        setNodeRef(node);
        setActivatorNodeRef(handle);
      }),
    [store, id, setNodeRef, setActivatorNodeRef],
  );
  const moved = CSS.Translate.toString(transform);
  useLayoutEffect(() => {
    store.publish(id, { attributes, listeners, transform: moved, transition, isDragging });
  }, [store, id, attributes, listeners, moved, transition, isDragging]);
  useLayoutEffect(() => () => store.publish(id, undefined), [store, id]);
  return null;
}

export interface DragLayerProps {
  ids: string[];
  /** Whether row `id` can be dragged (a row not saved yet cannot). */
  movable: (id: string) => boolean;
  store: DragStore;
  announcements: Announcements;
  instructions: string;
  onDragEnd: (event: DragEndEvent) => void;
}

/**
 * Drag and drop for a sortable list's rows (mouse, touch, or keyboard: space, arrows, space),
 * drawn beside the list rather than around it: it loads when the reader first comes to the
 * list, and the rows, drawn already, take it on without being drawn anew.
 */
export function DragLayer({
  ids,
  movable,
  store,
  announcements,
  instructions,
  onDragEnd,
}: DragLayerProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, POINTER_OPTIONS),
    useSensor(KeyboardSensor, KEYBOARD_OPTIONS),
  );
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: instructions } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {ids.map((id) => (
          <RowBinding key={id} id={id} disabled={!movable(id)} store={store} />
        ))}
      </SortableContext>
    </DndContext>
  );
}
