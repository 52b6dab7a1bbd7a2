import type { Itinerary, Stage } from '@jammy/shared/itineraries';
import type { Client } from '../../../test/clients';
import { getTree } from '../../../test/factories';

export const stagesUrl = (trip: Itinerary) => `/api/itineraries/${trip.id}/stages`;
export const stageUrl = (trip: Itinerary, stage: Stage) => `${stagesUrl(trip)}/${stage.id}`;
export const stageIds = async (owner: Client, trip: Itinerary) =>
  (await getTree(owner, trip.id)).stages.map((stage) => stage.id);
