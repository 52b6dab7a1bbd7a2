import type { Note, Page, createNoteSchema, updateNoteSchema } from '@jammy/shared/itineraries';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { withOutbox } from '../../../lib/outbox';
import { itineraryKeys } from '../../../lib/query-keys';
import { temporaryId } from '../../../lib/tree-mutation';

export type CreateNote = z.input<typeof createNoteSchema>;
export type UpdateNote = z.input<typeof updateNoteSchema> & { noteId: string };

const base = (itineraryId: string) => `/api/itineraries/${itineraryId}/notes`;

export function notesQuery(itineraryId: string) {
  return queryOptions({
    queryKey: itineraryKeys.notes(itineraryId),
    queryFn: ({ signal }) =>
      apiRequest<Page<Note>>(base(itineraryId), { signal }).then((page) =>
        withOutbox(page, (pending, waiting) =>
          pending.withPendingNotes(itineraryId, page, waiting),
        ),
      ),
  });
}

export function useNotes(itineraryId: string) {
  return useQuery(notesQuery(itineraryId));
}

/** Note changes show at once and roll back on error (optimistic), like the tree's. */
function useNotesMutation<TInput, TResult>(
  itineraryId: string,
  request: (input: TInput) => Promise<TResult>,
  apply: (notes: Note[], input: TInput) => Note[],
) {
  const queryClient = useQueryClient();
  const key = itineraryKeys.notes(itineraryId);
  return useMutation({
    // Runs offline too: the API client queues the write in the outbox (online: unchanged).
    networkMode: 'always',
    mutationFn: request,
    onMutate: async (input: TInput) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Page<Note>>(key);
      if (previous)
        queryClient.setQueryData(key, { ...previous, items: apply(previous.items, input) });
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useCreateNote(itineraryId: string) {
  return useNotesMutation(
    itineraryId,
    (input: CreateNote) => apiRequest<Note>(base(itineraryId), { method: 'POST', body: input }),
    (notes, input) => {
      const now = new Date().toISOString();
      return [
        {
          id: temporaryId(),
          itineraryId,
          title: input.title ?? '',
          body: input.body ?? '',
          pinned: input.pinned ?? false,
          private: input.private ?? true,
          createdAt: now,
          updatedAt: now,
          version: 1,
        },
        ...notes,
      ];
    },
  );
}

export function useUpdateNote(itineraryId: string) {
  return useNotesMutation(
    itineraryId,
    ({ noteId, ...input }: UpdateNote) =>
      apiRequest<Note>(`${base(itineraryId)}/${noteId}`, { method: 'PATCH', body: input }),
    (notes, { noteId, version: _version, ...changes }) =>
      notes.map((note) => (note.id === noteId ? { ...note, ...changes } : note)),
  );
}

export function useDeleteNote(itineraryId: string) {
  return useNotesMutation(
    itineraryId,
    ({ noteId, version }: { noteId: string; version?: number }) =>
      apiRequest<undefined>(`${base(itineraryId)}/${noteId}`, {
        method: 'DELETE',
        body: version === undefined ? {} : { version },
      }),
    (notes, { noteId }) => notes.filter((note) => note.id !== noteId),
  );
}
