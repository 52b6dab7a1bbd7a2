/**
 * Whether the page has shown: its `<main>` holds something, and nothing is marked as still
 * loading (aria-busy). While the router still waits for a page's code or data, the app's
 * frame is drawn with an empty `<main>` (or none yet), and the browser is idle then too,
 * waiting for the network: that is not the moment for what can wait.
 */
function pageShown(): boolean {
  const main = document.querySelector('main');
  return (
    main !== null && main.childElementCount > 0 && !document.querySelector('[aria-busy="true"]')
  );
}

/**
 * Runs `task` once the browser is idle and the page has shown (`pageShown`): for what may
 * load after the first page has shown. Returns a function that cancels it.
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
    if (pageShown()) task();
    else wait();
  };
  wait();
  return () => {
    cancelled = true;
    cancelWait();
  };
}
