import type { Itinerary, Stage } from '@jammy/shared/itineraries';
import { afterAll, beforeAll } from 'vitest';
import {
  apiFor,
  createItinerary,
  createSignedInUser,
  getTree,
  startItineraryTest,
  type Api,
  type ItineraryTest,
  type SignedInUser,
} from '../../../test/itinerary-helpers';

export let setup: ItineraryTest;
export let owner: SignedInUser;
export const as: Api = (...args) => apiFor(setup.testApp)(...args);

export const newTrip = () => createItinerary(setup.testApp, owner);
export const stagesUrl = (trip: Itinerary) => `/api/itineraries/${trip.id}/stages`;
export const stageUrl = (trip: Itinerary, stage: Stage) => `${stagesUrl(trip)}/${stage.id}`;
export const stageIds = async (trip: Itinerary) =>
  (await getTree(setup.testApp, owner, trip.id)).stages.map((stage) => stage.id);

/** The app, database and users of these tests: started before them, closed after. */
export function useStagesTest(): void {
  beforeAll(async () => {
    setup = await startItineraryTest();
    owner = await createSignedInUser(setup.testApp, 'stages');
  });
  afterAll(async () => {
    await setup?.close();
  });
}
