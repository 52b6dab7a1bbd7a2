import { INVITATION_QUERY_PARAM } from '@jammy/shared/sharing-params';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { ItinerariesPage } from '../features/itineraries/components/itineraries-page';

// Only a list opened from an invitation's mail needs it: the list's first load does without.
const InvitationAcceptance = lazy(async () => ({
  default: (await import('../features/sharing/components/invitation-acceptance'))
    .InvitationAcceptance,
}));

/** /itineraries: my trips; opened from an invitation mail, it first joins the invited trip. */
export function Component() {
  const [params] = useSearchParams();
  return (
    <>
      {params.has(INVITATION_QUERY_PARAM) && (
        <Suspense fallback={null}>
          <InvitationAcceptance />
        </Suspense>
      )}
      <ItinerariesPage />
    </>
  );
}
