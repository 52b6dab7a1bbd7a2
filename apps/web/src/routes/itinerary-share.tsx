import { useTranslation } from '../i18n/react';
import { StepUpHost } from '../components/second-factor/step-up-host';
import { ItineraryTreeGate } from '../features/itineraries/components/itinerary-tree-gate';
import { useItineraryParams } from '../lib/use-itinerary-params';
import { SharePage } from '../features/sharing/components/share-page';

/** /itinerary/{id}/share: members and roles, invitations and read-only links. */
export function Component() {
  const { t } = useTranslation();
  const { id } = useItineraryParams();
  return (
    <>
      <ItineraryTreeGate id={id} heading={t('routes.itinerary-share.title')}>
        {(tree) => <SharePage tree={tree} />}
      </ItineraryTreeGate>
      {/* A new share link may ask a recent sign-in. */}
      <StepUpHost />
    </>
  );
}
