import type { Itinerary, Stage } from '@jammy/shared/itineraries';
import { getTree } from '../../../test/itinerary-helpers';
import { owner, setup, useOwnerTest } from './owner-trips.test-helpers';

export { as, newTrip, owner, setup } from './owner-trips.test-helpers';

export const stagesUrl = (trip: Itinerary) => `/api/itineraries/${trip.id}/stages`;
export const stageUrl = (trip: Itinerary, stage: Stage) => `${stagesUrl(trip)}/${stage.id}`;
export const stageIds = async (trip: Itinerary) =>
  (await getTree(setup.testApp, owner, trip.id)).stages.map((stage) => stage.id);

/** The app, database and owner of these tests: started before them, closed after. */
export function useStagesTest(): void {
  useOwnerTest('stages');
}
