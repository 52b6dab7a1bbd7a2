import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Whether `element` is something the traveller types into or chooses with. */
function isField(element: Element): boolean {
  if (element instanceof HTMLElement && element.isContentEditable) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName);
}

/**
 * Moves keyboard and screen-reader focus to the main region after each client-side
 * navigation (not on first load), so a new page is announced like a full page load. A
 * traveller already in a field of the new page (typing right away, or a page that focused
 * one itself) keeps it: focus handling never takes a field away from someone using it.
 */
export function useFocusOnNavigate<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const main = ref.current;
    if (!main) return;
    const active = document.activeElement;
    if (active && active !== main && main.contains(active) && isField(active)) return;
    main.focus({ preventScroll: true });
    window.scrollTo({ top: 0 });
  }, [pathname]);
  return ref;
}
