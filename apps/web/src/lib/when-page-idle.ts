/**
 * Runs `task` once the browser is idle and the page is no longer waiting for its own code or
 * messages (no element marked aria-busy): for what may load after the first page has shown.
 * Returns a function that cancels it.
 */
export function whenPageIdle(task: () => void): () => void {
  let cancelled = false;
  let cancelWait = () => {};
  const wait = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(check, { timeout: 3_000 });
      cancelWait = () => window.cancelIdleCallback(handle);
    } else {
      const timer = window.setTimeout(check, 1_000);
      cancelWait = () => window.clearTimeout(timer);
    }
  };
  const check = () => {
    if (cancelled) return;
    if (document.querySelector('[aria-busy="true"]')) wait();
    else task();
  };
  wait();
  return () => {
    cancelled = true;
    cancelWait();
  };
}
