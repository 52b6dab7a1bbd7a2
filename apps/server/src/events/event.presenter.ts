import type { ItineraryEvent } from '@jammy/shared/sharing';

/** An event as the repository reads it, with its actor's name. */
export interface EventRow {
  id: number;
  kind: string;
  data: unknown;
  createdAt: Date;
  actorId: string | null;
  actorName: string | null;
  viaToken: string | null;
}

export function presentEvent(row: EventRow): ItineraryEvent {
  return {
    id: Number(row.id),
    kind: row.kind as ItineraryEvent['kind'],
    actor: row.actorId ? { id: row.actorId, name: row.actorName ?? '' } : null,
    data:
      typeof row.data === 'object' && row.data !== null
        ? (row.data as Record<string, unknown>)
        : {},
    at: row.createdAt.toISOString(),
    via: row.viaToken,
  };
}
