import { useEffect, useState, type RefObject } from 'react';

/**
 * Runs `task` once the browser has drawn the next frame and then had a moment with nothing
 * to do (at most `IDLE_TIMEOUT_MS` later): for work that measures the page (and so forces its
 * style and layout), or fetches code, and should not do either in the middle of the render
 * that first built that page, nor delay its drawing. Returns a function that cancels it.
 */
export function afterNextPaint(task: () => void): () => void {
  let timer: number | undefined;
  let idle: number | undefined;
  const frame = window.requestAnimationFrame(() => {
    // A frame callback runs just before the frame is drawn; the timer's task comes after it.
    timer = window.setTimeout(() => {
      if (typeof window.requestIdleCallback === 'function') {
        idle = window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
      } else task();
    }, 0);
  });
  return () => {
    window.cancelAnimationFrame(frame);
    window.clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}

const IDLE_TIMEOUT_MS = 500;

/** False for the first render, true once the page around the component has been drawn. */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => setPainted(true)), []);
  return painted;
}

/**
 * False until the element is on screen or within `margin` of it (then true for good): for
 * what is costly to draw and need not be drawn for a reader who never scrolls to it. Without
 * IntersectionObserver, true at once.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '200px'): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          setNear(true);
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}
