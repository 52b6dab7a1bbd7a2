import type {
  ItineraryTree,
  Stage,
  createStageSchema,
  updateStageSchema,
} from '@jammy/shared/itineraries';
import { byPosition, positionAfter, positionBetween } from '@jammy/shared/positions';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { queueMove } from '../../../lib/move-queue';
import { temporaryId, useTreeMutation } from '../../../lib/tree-mutation';

export type CreateStage = z.input<typeof createStageSchema>;
export type UpdateStage = z.input<typeof updateStageSchema> & { stageId: string };

const base = (itineraryId: string) => `/api/itineraries/${itineraryId}/stages`;

export function useCreateStage(itineraryId: string) {
  return useTreeMutation(itineraryId, {
    request: (input: CreateStage) =>
      apiRequest<Stage>(base(itineraryId), { method: 'POST', body: input }),
    apply: (tree, input): ItineraryTree => {
      const { afterId, ...values } = input;
      const position =
        (afterId === undefined
          ? positionBetween(tree.stages.at(-1)?.position ?? null, null)
          : positionAfter(tree.stages, afterId)) ??
        positionBetween(tree.stages.at(-1)?.position ?? null, null);
      const now = new Date().toISOString();
      const stage: Stage = {
        id: temporaryId(),
        itineraryId,
        position,
        title: values.title,
        destinationName: values.destinationName ?? null,
        lat: values.lat ?? null,
        lng: values.lng ?? null,
        countryCode: values.countryCode ?? null,
        startDate: values.startDate ?? null,
        endDate: values.endDate ?? null,
        notes: values.notes ?? '',
        createdAt: now,
        updatedAt: now,
        version: 1,
      };
      return { ...tree, stages: [...tree.stages, stage].sort(byPosition) };
    },
  });
}

export function useUpdateStage(itineraryId: string) {
  return useTreeMutation(itineraryId, {
    request: ({ stageId, ...input }: UpdateStage) =>
      apiRequest<Stage>(`${base(itineraryId)}/${stageId}`, { method: 'PATCH', body: input }),
    apply: (tree, { stageId, version: _version, ...changes }) => ({
      ...tree,
      stages: tree.stages.map((stage) => (stage.id === stageId ? { ...stage, ...changes } : stage)),
    }),
  });
}

export function useDeleteStage(itineraryId: string) {
  return useTreeMutation(itineraryId, {
    request: ({ stageId, version }: { stageId: string; version?: number }) =>
      apiRequest<undefined>(`${base(itineraryId)}/${stageId}`, {
        method: 'DELETE',
        body: version === undefined ? {} : { version },
      }),
    apply: (tree, { stageId }) => ({
      ...tree,
      stages: tree.stages.filter((stage) => stage.id !== stageId),
      // Its places stay in the itinerary, outside any stage (as on the server).
      places: tree.places.map((place) =>
        place.stageId === stageId ? { ...place, stageId: null } : place,
      ),
    }),
  });
}

/** Moves a stage right after another (null: first); one row changes. */
export function useMoveStage(itineraryId: string) {
  return useTreeMutation(itineraryId, {
    request: ({
      stageId,
      afterId,
      version,
    }: {
      stageId: string;
      afterId: string | null;
      version?: number;
    }) =>
      queueMove(itineraryId, stageId, version, (current) =>
        apiRequest<Stage>(`${base(itineraryId)}/${stageId}/move`, {
          method: 'POST',
          body: { afterId, ...(current === undefined ? {} : { version: current }) },
        }),
      ),
    apply: (tree, { stageId, afterId }) => {
      const others = tree.stages.filter((stage) => stage.id !== stageId);
      const position = positionAfter(others, afterId);
      if (position === null) return tree;
      return {
        ...tree,
        stages: tree.stages
          .map((stage) => (stage.id === stageId ? { ...stage, position } : stage))
          .sort(byPosition),
      };
    },
  });
}
