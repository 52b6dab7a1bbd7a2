import type { Place } from '@jammy/shared/itineraries';
import { useCallback, useState } from 'react';
import { useCreatePlace } from '../../places/public';
import type { Pick } from '../lib/picks';
import { toProblem, type Problem } from '../lib/problem';

export type AddOutcome =
  | { ok: true; addedIds: string[]; queued: number }
  | { ok: false; addedIds: string[]; failed: Pick[]; problem: Problem };

/**
 * Saves picks as places of a stage, one after another so they keep the tray's order. On the
 * first failure it stops: that pick and the ones after it come back as `failed`.
 */
export function useAddPicks(itineraryId: string, stageId: string) {
  const createPlace = useCreatePlace(itineraryId);
  const [adding, setAdding] = useState(false);
  const { mutateAsync } = createPlace;

  const add = useCallback(
    async (picks: Pick[]): Promise<AddOutcome> => {
      setAdding(true);
      const addedIds: string[] = [];
      let queued = 0;
      try {
        for (const [index, pick] of picks.entries()) {
          try {
            // Offline the place waits in the outbox (no server id yet).
            const place: Place | undefined = await mutateAsync({
              stageId,
              name: pick.name,
              category: pick.category,
              lat: pick.lat,
              lng: pick.lng,
              address: pick.address,
              ...(pick.openingHours ? { openingHours: pick.openingHours } : {}),
            });
            if (place) addedIds.push(place.id);
            else queued += 1;
          } catch (error) {
            return { ok: false, addedIds, failed: picks.slice(index), problem: toProblem(error) };
          }
        }
        return { ok: true, addedIds, queued };
      } finally {
        setAdding(false);
      }
    },
    [mutateAsync, stageId],
  );

  return { add, adding };
}
