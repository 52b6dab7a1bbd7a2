import type { DayPlan, DayProposal } from '@jammy/shared/days';
import type { ItineraryTree, Page, Place } from '@jammy/shared/itineraries';
import { byPosition } from '@jammy/shared/positions';
import type { TravelMode } from '@jammy/shared/travel-estimate';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { itineraryKeys } from '../../../lib/query-keys';
import { useTreeMutation } from '../../../lib/tree-mutation';

/** A day of a stage, planned by one mode of travel. */
export interface DayRef {
  itineraryId: string;
  stageId: string;
  day: string;
  mode: TravelMode;
}

const dayUrl = ({ itineraryId, stageId, day }: DayRef) =>
  `/api/itineraries/${itineraryId}/stages/${stageId}/days/${day}`;

/**
 * What a day's plan depends on in the trip: its places (order, position, hours…) and bookings.
 * Part of the plan's key, so any change to them asks for the plan again.
 */
function treeStamp(tree: ItineraryTree): string {
  const places = tree.places.map((place) => `${place.id}:${place.version}:${place.position}`);
  const bookings = tree.bookings.map((booking) => `${booking.id}:${booking.version}`);
  return [...places, ...bookings].join(',');
}

const planKey = (ref: DayRef, tree: ItineraryTree) =>
  [
    ...itineraryKeys.all,
    'day-plan',
    ref.itineraryId,
    ref.stageId,
    ref.day,
    ref.mode,
    treeStamp(tree),
  ] as const;

/** The day on the clock: stops, travel legs, times and warnings. */
export function useDayPlan(ref: DayRef, tree: ItineraryTree) {
  return useQuery({
    queryKey: planKey(ref, tree),
    queryFn: ({ signal }) =>
      apiRequest<DayPlan>(`${dayUrl(ref)}/plan?mode=${ref.mode}`, { signal }),
  });
}

/** The day's shortest order, asked for when `wanted` (nothing is written). */
export function useDayProposal(ref: DayRef, tree: ItineraryTree, wanted: boolean) {
  return useQuery({
    queryKey: [...planKey(ref, tree), 'optimised'],
    queryFn: ({ signal }) =>
      apiRequest<DayProposal>(`${dayUrl(ref)}/optimised?mode=${ref.mode}`, { signal }),
    enabled: wanted,
    // A proposal is for the day as it is now: asked again each time the dialog opens.
    gcTime: 0,
  });
}

/**
 * Puts the day's places in the accepted order: they take each other's positions (as the
 * server does), so the page shows the order at once.
 */
export function useApplyDayOrder(ref: DayRef) {
  return useTreeMutation(ref.itineraryId, {
    request: (placeIds: string[]) =>
      apiRequest<Page<Place>>(`${dayUrl(ref)}/order`, { method: 'PUT', body: { placeIds } }),
    apply: (tree, placeIds): ItineraryTree => {
      const ofDay = tree.places.filter(
        (place) => place.stageId === ref.stageId && place.day === ref.day,
      );
      const positions = ofDay.map((place) => place.position);
      const moved = new Map(placeIds.map((id, index) => [id, positions[index]]));
      const places = tree.places.map((place) => {
        const position = moved.get(place.id);
        return position === undefined ? place : { ...place, position };
      });
      return { ...tree, places: places.sort(byPosition) };
    },
  });
}
