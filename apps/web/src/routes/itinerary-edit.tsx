import { useTranslation } from '../i18n/react';
import { EditItineraryPage } from '../features/itineraries/components/edit-itinerary-page';
import { ItineraryTreeGate } from '../features/itineraries/components/itinerary-tree-gate';
import { useItineraryParams } from '../lib/use-itinerary-params';

export function Component() {
  const { t } = useTranslation();
  const { id } = useItineraryParams();
  return (
    <ItineraryTreeGate id={id} heading={t('routes.itinerary-edit.title')}>
      {(tree) => <EditItineraryPage tree={tree} />}
    </ItineraryTreeGate>
  );
}
