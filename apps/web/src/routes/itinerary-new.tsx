import { NewItineraryPage } from '../features/itineraries/components/new-itinerary-page';

export function Component() {
  return <NewItineraryPage />;
}
