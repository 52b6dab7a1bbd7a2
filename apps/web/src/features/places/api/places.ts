import type {
  ItineraryTree,
  Place,
  createPlaceSchema,
  updatePlaceSchema,
} from '@jammy/shared/itineraries';
import { byPosition, positionAfter, positionBetween } from '@jammy/shared/positions';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { queueMove } from '../../../lib/move-queue';
import { temporaryId, useTreeMutation } from '../../../lib/tree-mutation';

export type CreatePlace = z.input<typeof createPlaceSchema>;
export type UpdatePlace = z.input<typeof updatePlaceSchema> & { placeId: string };

const base = (itineraryId: string) => `/api/itineraries/${itineraryId}/places`;

function lastPositionIn(tree: ItineraryTree, stageId: string | null): string | null {
  return tree.places.filter((place) => place.stageId === stageId).at(-1)?.position ?? null;
}

/** Adds a place (to a stage or to the itinerary's unsorted places). */
export function useCreatePlace(itineraryId: string) {
  return useTreeMutation(itineraryId, {
    request: (input: CreatePlace) =>
      apiRequest<Place>(base(itineraryId), { method: 'POST', body: input }),
    apply: (tree, input): ItineraryTree => {
      const stageId = input.stageId ?? null;
      const now = new Date().toISOString();
      const place: Place = {
        id: temporaryId(),
        itineraryId,
        stageId,
        position: positionBetween(lastPositionIn(tree, stageId), null),
        name: input.name,
        category: input.category ?? 'sight',
        lat: input.lat ?? null,
        lng: input.lng ?? null,
        address: input.address ?? null,
        url: input.url ?? null,
        day: input.day ?? null,
        time: input.time ?? null,
        durationMinutes: input.durationMinutes ?? null,
        openingHours: input.openingHours ?? null,
        costMinor: input.costMinor ?? null,
        currency: input.currency ?? null,
        notes: input.notes ?? '',
        createdAt: now,
        updatedAt: now,
        version: 1,
      };
      return { ...tree, places: [...tree.places, place].sort(byPosition) };
    },
  });
}

export function useUpdatePlace(itineraryId: string) {
  return useTreeMutation(itineraryId, {
    request: ({ placeId, ...input }: UpdatePlace) =>
      apiRequest<Place>(`${base(itineraryId)}/${placeId}`, { method: 'PATCH', body: input }),
    apply: (tree, { placeId, version: _version, ...changes }) => ({
      ...tree,
      places: tree.places.map((place) => (place.id === placeId ? { ...place, ...changes } : place)),
    }),
  });
}

export function useDeletePlace(itineraryId: string) {
  return useTreeMutation(itineraryId, {
    request: ({ placeId, version }: { placeId: string; version?: number }) =>
      apiRequest<undefined>(`${base(itineraryId)}/${placeId}`, {
        method: 'DELETE',
        body: version === undefined ? {} : { version },
      }),
    apply: (tree, { placeId }) => ({
      ...tree,
      places: tree.places.filter((place) => place.id !== placeId),
    }),
  });
}

/** Moves a place after another (null: first), optionally into another stage (null: none). */
export function useMovePlace(itineraryId: string) {
  return useTreeMutation(itineraryId, {
    request: ({
      placeId,
      version,
      ...body
    }: {
      placeId: string;
      afterId: string | null;
      stageId?: string | null;
      version?: number;
    }) =>
      queueMove(itineraryId, placeId, version, (current) =>
        apiRequest<Place>(`${base(itineraryId)}/${placeId}/move`, {
          method: 'POST',
          body: { ...body, ...(current === undefined ? {} : { version: current }) },
        }),
      ),
    apply: (tree, { placeId, afterId, stageId }) => {
      const moving = tree.places.find((place) => place.id === placeId);
      if (!moving) return tree;
      const target = stageId === undefined ? moving.stageId : stageId;
      const siblings = tree.places.filter(
        (place) => place.stageId === target && place.id !== placeId,
      );
      const position = positionAfter(siblings, afterId);
      if (position === null) return tree;
      return {
        ...tree,
        places: tree.places
          .map((place) => (place.id === placeId ? { ...place, position, stageId: target } : place))
          .sort(byPosition),
      };
    },
  });
}
