import { afterAll, beforeAll } from 'vitest';
import {
  apiFor,
  createItinerary,
  createSignedInUser,
  startItineraryTest,
  type Api,
  type ItineraryTest,
  type SignedInUser,
} from '../../../test/itinerary-helpers';

// The set-up of the tests that work on the trips of one owner (stages, places).

export let setup: ItineraryTest;
export let owner: SignedInUser;
export const as: Api = (...args) => apiFor(setup.testApp)(...args);

export const newTrip = () => createItinerary(setup.testApp, owner);

/** The app, its database and the owner (`label` names them): started before the tests, closed after. */
export function useOwnerTest(label: string): void {
  beforeAll(async () => {
    setup = await startItineraryTest();
    owner = await createSignedInUser(setup.testApp, label);
  });
  afterAll(async () => {
    await setup?.close();
  });
}
