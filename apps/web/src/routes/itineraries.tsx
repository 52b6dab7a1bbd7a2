import { ItinerariesPage } from '../features/itineraries/components/itineraries-page';
import { InvitationAcceptance } from '../features/sharing/components/invitation-acceptance';

/** /itineraries: my trips; opened from an invitation mail, it first joins the invited trip. */
export function Component() {
  return (
    <>
      <InvitationAcceptance />
      <ItinerariesPage />
    </>
  );
}
