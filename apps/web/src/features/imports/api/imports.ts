import type { ImportBatch, ImportPreview, LookupResult } from '@jammy/shared/imports';
import { importMediaType } from '@jammy/shared/imports-plain';
import type { Language } from '@jammy/shared/languages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, postFile } from '../../../lib/api-client';
import { itineraryKeys } from '../../../lib/query-keys';

/** Where a file goes: an itinerary (its stage, or a new one) or a new itinerary. */
export interface ImportTarget {
  itineraryId: string | null;
  stageId?: string;
  stageTitle?: string;
}

export type ImportBody = File | { name: string; type: string; text: string };

function query(target: ImportTarget, name: string, dryRun: boolean): string {
  const params = new URLSearchParams({ fileName: name.slice(0, 200) });
  if (dryRun) params.set('dryRun', 'true');
  if (target.stageId) params.set('stageId', target.stageId);
  if (target.stageTitle) params.set('stageTitle', target.stageTitle);
  return params.toString();
}

/**
 * Sends a file as the request body with its media type (apiRequest speaks JSON only):
 * a dry run answers what would be created, a commit creates it.
 */
export async function sendImport<T extends ImportPreview | ImportBatch>(
  target: ImportTarget,
  body: ImportBody,
  dryRun: boolean,
): Promise<T> {
  const name = body.name;
  const type = body instanceof File ? (importMediaType(name) ?? body.type) : body.type;
  const base = target.itineraryId
    ? `/api/itineraries/${target.itineraryId}/imports`
    : '/api/imports';
  return postFile<T>(
    `${base}?${query(target, name, dryRun)}`,
    type || 'application/octet-stream',
    body instanceof File ? body : body.text,
  );
}

export function usePreviewImport(target: ImportTarget) {
  return useMutation({
    mutationFn: (body: ImportBody) => sendImport<ImportPreview>(target, body, true),
  });
}

export function useCommitImport(target: ImportTarget) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportBody) => sendImport<ImportBatch>(target, body, false),
    onSuccess: () => client.invalidateQueries({ queryKey: itineraryKeys.all }),
  });
}

/** Undoes an import (409 when something it created changed since, 404 when already undone). */
export function useUndoImport(itineraryId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (importId: string) =>
      apiRequest<undefined>(`/api/itineraries/${itineraryId}/imports/${importId}`, {
        method: 'DELETE',
      }),
    onSettled: () => client.invalidateQueries({ queryKey: itineraryKeys.all }),
  });
}

/** Candidates for pasted lines (nothing is saved). */
export function useLookup(itineraryId: string, language: Language) {
  return useMutation({
    mutationFn: (text: string) =>
      apiRequest<LookupResult>(`/api/itineraries/${itineraryId}/imports/lookup?lang=${language}`, {
        method: 'POST',
        body: { text },
      }),
  });
}
