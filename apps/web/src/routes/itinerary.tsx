import { useTranslation } from 'react-i18next';
import { ItineraryOverview } from '../features/itineraries/components/itinerary-overview';
import { ItineraryTreeGate } from '../features/itineraries/components/itinerary-tree-gate';
import { useItineraryParams } from '../features/itineraries/use-itinerary-params';

export function Component() {
  const { t } = useTranslation();
  const { id } = useItineraryParams();
  return (
    <ItineraryTreeGate id={id} heading={t('routes.itinerary.title')} headingIsTitle>
      {(tree) => <ItineraryOverview tree={tree} />}
    </ItineraryTreeGate>
  );
}
