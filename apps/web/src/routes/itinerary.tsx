import { SHARE_QUERY_PARAM } from '@jammy/shared/sharing-params';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ItineraryOverview } from '../features/itineraries/components/itinerary-overview';
import { ItineraryTreeGate } from '../features/itineraries/components/itinerary-tree-gate';
import { useItineraryParams } from '../features/itineraries/use-itinerary-params';
import { CopiedNotice } from '../features/presets/components/copied-notice';
import { PublishPresetSection } from '../features/presets/components/publish-preset-section';

// The read-only view of a share link (with its Markdown renderer) loads only for link holders.
const SharedItineraryView = lazy(async () => ({
  default: (await import('../features/sharing/components/shared-itinerary-view'))
    .SharedItineraryView,
}));

/** /itinerary/{id}: the trip's overview; with `?share=` the read-only view of a link holder. */
export function Component() {
  const { t } = useTranslation();
  const { id } = useItineraryParams();
  const share = useSearchParams()[0].get(SHARE_QUERY_PARAM);
  if (share) {
    return (
      <Suspense fallback={<div aria-busy="true" />}>
        <SharedItineraryView id={id} token={share} />
      </Suspense>
    );
  }
  return (
    <ItineraryTreeGate id={id} heading={t('routes.itinerary.title')} headingIsTitle>
      {(tree) => (
        <>
          <ItineraryOverview tree={tree} notice={<CopiedNotice itinerary={tree.itinerary} />} />
          <PublishPresetSection itinerary={tree.itinerary} />
        </>
      )}
    </ItineraryTreeGate>
  );
}
