import type { Stage } from '@jammy/shared/itineraries';

/** The editable fields of a stage as a form holds them (empty strings for "none"); a type, as the form kit's values are. */
export type StageDraft = {
  title: string;
  destination: {
    name: string;
    lat: number | null;
    lng: number | null;
    countryCode: string | null;
  };
  startDate: string;
  endDate: string;
  notes: string;
};

export const EMPTY_STAGE_DRAFT: StageDraft = {
  title: '',
  destination: { name: '', lat: null, lng: null, countryCode: null },
  startDate: '',
  endDate: '',
  notes: '',
};

export function stageToDraft(stage: Stage): StageDraft {
  return {
    title: stage.title,
    destination: {
      name: stage.destinationName ?? '',
      lat: stage.lat,
      lng: stage.lng,
      countryCode: stage.countryCode,
    },
    startDate: stage.startDate ?? '',
    endDate: stage.endDate ?? '',
    notes: stage.notes,
  };
}

/** The request body for the draft (without notes unless asked: the add form has none). */
export function draftToInput(draft: StageDraft, withNotes: boolean) {
  const name = draft.destination.name.trim();
  return {
    title: draft.title.trim(),
    destinationName: name || null,
    lat: name ? draft.destination.lat : null,
    lng: name ? draft.destination.lng : null,
    countryCode: name ? draft.destination.countryCode : null,
    startDate: draft.startDate || null,
    endDate: draft.endDate || null,
    ...(withNotes ? { notes: draft.notes } : {}),
  };
}

/**
 * Whether saving must first ask where the destination is: a name was typed but no place
 * picked, so the stage would have no position.
 */
export function needsDestinationCheck(draft: StageDraft): boolean {
  return draft.destination.name.trim() !== '' && draft.destination.lat === null;
}

/** The draft with `place` as its destination: its name, position and country. */
export function withDestination(
  draft: StageDraft,
  place: { name: string; lat: number; lng: number; country: string },
): StageDraft {
  return {
    ...draft,
    destination: { name: place.name, lat: place.lat, lng: place.lng, countryCode: place.country },
  };
}

/** Whether `place` bears the name typed, case and accents aside ("porto" is Porto). */
export function isNamed(typed: string, place: { name: string }): boolean {
  return place.name.localeCompare(typed.trim(), undefined, { sensitivity: 'base' }) === 0;
}

/**
 * The search's places with those named exactly as typed first (the search matches the start of
 * a name, most populous first: "Porto" finds Porto Alegre before Porto), each group in the
 * search's order.
 */
export function closestFirst<P extends { name: string }>(typed: string, places: readonly P[]): P[] {
  return [
    ...places.filter((place) => isNamed(typed, place)),
    ...places.filter((place) => !isNamed(typed, place)),
  ];
}
