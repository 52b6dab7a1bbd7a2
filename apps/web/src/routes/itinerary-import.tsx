import { useTranslation } from '../i18n/react';
import { ItineraryTreeGate } from '../features/itineraries/components/itinerary-tree-gate';
import { useItineraryParams } from '../lib/use-itinerary-params';
import { ImportPage } from '../features/imports/components/import-page';

/** /itinerary/{id}/import: files and pasted lists of places into the trip. */
export function Component() {
  const { t } = useTranslation();
  const { id } = useItineraryParams();
  const heading = t('routes.itinerary-import.title');
  return (
    <ItineraryTreeGate id={id} heading={heading}>
      {(tree) => <ImportPage tree={tree} heading={heading} />}
    </ItineraryTreeGate>
  );
}
