import { Suspense } from 'react';
import { useMe } from '../lib/session';
import { BootShell } from './boot-shell';
import { LazyLoggedLayout } from './lazy-logged-layout';
import { NotLoggedLayout } from './not-logged-layout';

/** Pages open to everyone: the logged layout for a signed-in traveller, else not-logged. */
export function VisitorLayout() {
  const { data: me } = useMe();
  // While the traveller's chrome loads, the app's frame stays (it was an empty page).
  return me ? (
    <Suspense fallback={<BootShell />}>
      <LazyLoggedLayout />
    </Suspense>
  ) : (
    <NotLoggedLayout />
  );
}
