import { Suspense } from 'react';
import { useMe } from '../features/auth/session';
import { LazyLoggedLayout } from './lazy-logged-layout';
import { NotLoggedLayout } from './not-logged-layout';

/** Pages open to everyone: the logged layout for a signed-in traveller, else not-logged. */
export function VisitorLayout() {
  const { data: me } = useMe();
  return me ? (
    <Suspense fallback={null}>
      <LazyLoggedLayout />
    </Suspense>
  ) : (
    <NotLoggedLayout />
  );
}
