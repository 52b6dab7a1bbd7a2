import { startTransition, useEffect, useState } from 'react';

/**
 * How many of a list's `total` items to draw: at first the `first` a first screen can show,
 * the rest once those have been drawn (the next frame, then a render React can interrupt).
 * Drawn at once, a list of cards is one long task (React's commit of every card, then the
 * browser's style and layout of all of them) before its first screen shows; in two, the first
 * screen comes sooner and the page can answer a tap in between. Once the whole list has been
 * drawn, it stays whole (a longer list, a filter) for the life of the component.
 */
export function useFirstScreen(total: number, first: number): number {
  const [whole, setWhole] = useState(false);
  const waiting = !whole && total > first;
  useEffect(() => {
    if (!waiting) return;
    let timer: number | undefined;
    // A frame callback runs just before the frame is drawn; the timer's task comes after it.
    const frame = window.requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setWhole(true)), 0);
    });
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [waiting]);
  return whole ? total : Math.min(total, first);
}
