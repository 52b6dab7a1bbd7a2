import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';

/** What a row shows of its drag: the handle's attributes and listeners, its movement. */
export interface RowDrag {
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
  /** CSS `transform` while the row moves (dragged, or making room for the dragged one). */
  transform: string | undefined;
  transition: string | undefined;
  isDragging: boolean;
}

type Elements = (node: HTMLElement | null, handle: HTMLElement | null) => void;

/**
 * Where a sortable list's rows and its drag layer (sortable-drag.tsx, loaded on the reader's
 * first approach) meet. The rows are drawn without dnd-kit and give their element and handle
 * here; the layer's bindings, one a row, take them and give back what dnd-kit says of each row.
 * The rows stay as they are when the layer arrives: nothing remounts, the focus stays put.
 */
export class DragStore {
  private readonly drags = new Map<string, RowDrag>();
  private readonly readers = new Map<string, Set<() => void>>();
  private readonly elements = new Map<
    string,
    { node: HTMLElement | null; handle: HTMLElement | null }
  >();
  private readonly binders = new Map<string, Elements>();
  /** A row whose handle was pressed (Space or Enter) before the layer had arrived. */
  private pressed: string | null = null;

  /** Row `id`'s drag, or undefined before the layer has bound it. */
  drag(id: string): RowDrag | undefined {
    return this.drags.get(id);
  }

  /** Calls `onChange` whenever row `id`'s drag changes; returns the unsubscribe. */
  subscribe(id: string, onChange: () => void): () => void {
    const readers = this.readers.get(id) ?? new Set();
    readers.add(onChange);
    this.readers.set(id, readers);
    return () => readers.delete(onChange);
  }

  /** The layer's word on row `id` (undefined when its binding goes). Same values: no redraw. */
  publish(id: string, drag: RowDrag | undefined): void {
    const before = this.drags.get(id);
    if (
      before === drag ||
      (before &&
        drag &&
        before.attributes === drag.attributes &&
        before.listeners === drag.listeners &&
        before.transform === drag.transform &&
        before.transition === drag.transition &&
        before.isDragging === drag.isDragging)
    ) {
      return;
    }
    if (drag) this.drags.set(id, drag);
    else this.drags.delete(id);
    for (const read of this.readers.get(id) ?? []) read();
  }

  /** Row `id`'s element (`li`) or its handle, drawn or gone. */
  setElement(id: string, part: 'node' | 'handle', element: HTMLElement | null): void {
    const elements = this.elements.get(id) ?? { node: null, handle: null };
    if (elements[part] === element) return;
    elements[part] = element;
    this.elements.set(id, elements);
    this.binders.get(id)?.(elements.node, elements.handle);
  }

  /** A binding takes row `id`'s elements now and whenever they change; returns the release. */
  bind(id: string, onElements: Elements): () => void {
    this.binders.set(id, onElements);
    const elements = this.elements.get(id);
    onElements(elements?.node ?? null, elements?.handle ?? null);
    return () => {
      if (this.binders.get(id) === onElements) this.binders.delete(id);
    };
  }

  /** Remembers that row `id`'s handle was pressed before the layer could start the drag. */
  press(id: string): void {
    this.pressed = id;
  }

  /** True once for the row pressed early: it starts its drag now that it can. */
  takePress(id: string): boolean {
    if (this.pressed !== id) return false;
    this.pressed = null;
    return true;
  }
}
