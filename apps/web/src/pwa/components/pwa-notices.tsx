import { lazy, Suspense } from 'react';
import { usePwaState } from '../pwa-store';
import classes from './pwa.module.css';

// The cards (Mantine's paper, buttons) load only when there is something to say.
const PwaNoticeCards = lazy(async () => ({
  default: (await import('./pwa-notice-cards')).PwaNoticeCards,
}));

/**
 * The worker's signals as small notes in a corner: "update available" with Reload, and
 * "ready to work offline" once, after the first install (spec §4). The live region is always
 * there, so that what appears in it is announced.
 */
export function PwaNotices() {
  const pwa = usePwaState();
  return (
    <div className={classes.notices} role="status" aria-live="polite">
      {pwa.updateAvailable || pwa.offlineReady ? (
        <Suspense fallback={null}>
          <PwaNoticeCards />
        </Suspense>
      ) : null}
    </div>
  );
}
