import { ItineraryFrame } from '../features/stages/components/page-frame';
import { StagesView } from '../features/stages/components/stages-view';

/** /itinerary/{id}/stage: the stages of a trip in order; add, reorder and delete them. */
export function Component() {
  return <ItineraryFrame routeId="stages">{(tree) => <StagesView tree={tree} />}</ItineraryFrame>;
}
