import { ItinerariesPage } from '../features/itineraries/components/itineraries-page';

export function Component() {
  return <ItinerariesPage />;
}
