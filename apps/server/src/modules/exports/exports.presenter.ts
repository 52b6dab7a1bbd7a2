import type { CalendarFeed, ExportFormat, ItineraryExport } from '@jammy/shared/exports';
import type { ItineraryTree } from '@jammy/shared/itineraries';
import type { listNotes, loadLists } from '../itineraries/content.repository';
import { presentList, presentNote } from '../itineraries/itinerary.presenter';
import type { CalendarFeedRow } from './exports.repository';

/** A file name for the download: the trip's title, kept to safe characters. */
export function fileName(title: string, format: ExportFormat): string {
  const ascii = title
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9 _-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 60);
  return `${ascii || 'itinerary'}.${format}`;
}

/** A calendar feed; its address (at `origin`) only when it was just made (`token`). */
export function presentFeed(row: CalendarFeedRow, origin: string, token?: string): CalendarFeed {
  return {
    id: row.id,
    itineraryId: row.itineraryId,
    createdAt: row.createdAt.toISOString(),
    lastReadAt: row.lastReadAt?.toISOString() ?? null,
    url: token ? `${origin}/api/calendar/${token}.ics` : null,
    includeConfirmationCodes: row.includeConfirmationCodes,
  };
}

/** The whole trip as the JSON export holds it: the document, notes and lists. */
export function presentItineraryExport(
  tree: ItineraryTree,
  notes: Awaited<ReturnType<typeof listNotes>>,
  lists: Awaited<ReturnType<typeof loadLists>>,
): ItineraryExport {
  return {
    ...tree,
    notes: notes.map(presentNote),
    lists: lists.lists.map((row) =>
      presentList(
        row,
        lists.items.filter((item) => item.listId === row.id),
      ),
    ),
    exportedAt: new Date().toISOString(),
  };
}
