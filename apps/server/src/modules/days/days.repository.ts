import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { place } from '../../db/schema/itineraries';
import type { PlaceRow } from '../itineraries/content.repository';

/** The places of a stage in the traveller's order. */
export function stagePlaces(
  db: Executor,
  itineraryId: string,
  stageId: string,
): Promise<PlaceRow[]> {
  return db
    .select()
    .from(place)
    .where(and(eq(place.itineraryId, itineraryId), eq(place.stageId, stageId)))
    .orderBy(asc(place.position), asc(place.id));
}
