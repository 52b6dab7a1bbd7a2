import type { ItineraryEvent } from '@jammy/shared/sharing';

/** What an activity line needs from an event's loosely typed `data`. */
export interface EventText {
  /** Translation key under `activity.kinds` (namespace `sharing`). */
  key: string;
  values: { actor: string | null; title: string; count: number; stage: string };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The sentence an event becomes: "Ana added 3 places to Kyoto". */
export function describeEvent(event: ItineraryEvent): EventText {
  const { data } = event;
  const ids = Array.isArray(data.placeIds) ? data.placeIds.length : 0;
  const count = typeof data.count === 'number' ? data.count : Math.max(ids, 1);
  const title = text(data.title) || text(data.name);
  const stage = text(data.stageTitle);
  let key: string = event.kind;
  if (event.kind === 'place.created' && stage) key = 'place.createdInStage';
  return {
    key: key.replace('.', '_'),
    values: { actor: event.actor?.name.trim() || null, title, count, stage },
  };
}
