import { itineraryTreeSchema } from '@jammy/shared/itineraries';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { authorize, type Reader } from '../itineraries/access';
import { listNotes, loadLists } from '../itineraries/content.repository';
import { readItineraryDocument } from '../itineraries/itinerary-document';
import { newToken } from '../../lib/tokens';
import { presentItineraryExport } from './exports.presenter';
import * as repository from './exports.repository';
import type { CalendarFeedRow, TripData } from './exports.repository';

const feedNotFound = () =>
  new AppError('calendar-feed/not-found', 'This calendar feed does not exist or was turned off');

/** The trip as its reader may export it: share-link holders never see confirmation codes. */
export function tripFor(db: Db, reader: Reader, options: { tracks: boolean }): Promise<TripData> {
  const member = reader.kind === 'member';
  const row = member ? reader.access.itinerary : reader.itinerary;
  return repository.loadTrip(db, row, { confirmationCodes: member, ...options });
}

/** The whole trip as JSON, for a member: the itinerary document, notes and lists. */
export async function wholeTrip(db: Db, itineraryId: string, userId: string) {
  const { itinerary } = await authorize(db, itineraryId, userId, 'read');
  const [document, notes, lists] = await Promise.all([
    readItineraryDocument(db, itinerary.id, userId),
    listNotes(db, itinerary.id),
    loadLists(db, itinerary.id),
  ]);
  if (!document) throw new AppError('itinerary/not-found', 'There is no such itinerary');
  const tree = itineraryTreeSchema.parse(JSON.parse(document.json));
  return { itinerary, body: presentItineraryExport(tree, notes, lists) };
}

/** The member's calendar feed of an itinerary, if they made one. */
export async function myFeed(
  db: Db,
  itineraryId: string,
  userId: string,
): Promise<CalendarFeedRow | undefined> {
  const { itinerary } = await authorize(db, itineraryId, userId, 'read');
  return repository.findFeed(db, itinerary.id, userId);
}

/** Makes the member's feed, or a new address for it; the token is known only now. */
export async function makeFeed(
  db: Db,
  itineraryId: string,
  userId: string,
  includeConfirmationCodes: boolean,
): Promise<{ row: CalendarFeedRow; token: string }> {
  const { itinerary } = await authorize(db, itineraryId, userId, 'read');
  const { token, hash } = newToken();
  const row = await repository.upsertFeed(db, {
    itineraryId: itinerary.id,
    userId,
    tokenHash: hash,
    includeConfirmationCodes,
  });
  return { row, token };
}

/** Turns the member's feed off: its address then answers 404. */
export async function turnFeedOff(db: Db, itineraryId: string, userId: string): Promise<void> {
  const { itinerary } = await authorize(db, itineraryId, userId, 'read');
  await repository.deleteFeed(db, itinerary.id, userId);
}

/** The trip behind a feed's token (404 when there is none), its reading recorded. */
export async function readFeed(db: Db, token: string): Promise<TripData> {
  const opened = await repository.openFeed(db, token);
  if (!opened) throw feedNotFound();
  // The creator is still a member (openFeed checks); the codes are there if they chose so.
  const trip = await repository.loadTrip(db, opened.itinerary, {
    confirmationCodes: opened.includeConfirmationCodes,
  });
  await repository.markFeedRead(db, opened.feedId);
  return trip;
}
