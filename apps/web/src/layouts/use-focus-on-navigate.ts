import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Moves keyboard and screen-reader focus to the main region after each client-side
 * navigation (not on first load), so a new page is announced like a full page load.
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
    ref.current?.focus({ preventScroll: true });
    window.scrollTo({ top: 0 });
  }, [pathname]);
  return ref;
}
