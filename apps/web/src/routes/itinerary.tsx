import type { Itinerary } from '@jammy/shared/itineraries';
import { SHARE_QUERY_PARAM } from '@jammy/shared/sharing-params';
import { lazy, Suspense } from 'react';
import { useTranslation } from '../i18n/react';
import { useSearchParams } from 'react-router';
import { useMe } from '../lib/session';
import { ItineraryOverview } from '../features/itineraries/components/itinerary-overview';
import { ItineraryTreeGate } from '../features/itineraries/components/itinerary-tree-gate';
import { useItineraryParams } from '../lib/use-itinerary-params';
import { CopiedNotice } from '../features/presets/components/copied-notice';

// The read-only view of a share link (with its Markdown renderer) loads only for link holders.
const SharedItineraryView = lazy(async () => ({
  default: (await import('../features/sharing/components/shared-itinerary-view'))
    .SharedItineraryView,
}));

// Publishing a trip as a Jammy itinerary (its form and dialog) loads for admins only.
const PublishPresetSection = lazy(async () => ({
  default: (await import('../features/presets/components/publish-preset-section'))
    .PublishPresetSection,
}));

/** An admin's own trip: the section to publish it (which checks the same again). */
function PublishSection({ itinerary }: { itinerary: Itinerary }) {
  const { data: me } = useMe();
  if (me?.role !== 'admin' || itinerary.ownerId !== me.id) return null;
  return (
    <Suspense fallback={null}>
      <PublishPresetSection itinerary={itinerary} />
    </Suspense>
  );
}

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
          <PublishSection itinerary={tree.itinerary} />
        </>
      )}
    </ItineraryTreeGate>
  );
}
