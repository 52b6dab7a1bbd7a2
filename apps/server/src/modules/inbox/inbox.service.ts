import { Readable } from 'node:stream';
import { INBOX_LIMITS, type SenderCheck, type updateInboxItemSchema } from '@jammy/shared/inbox';
import { uuidv7 } from 'uuidv7';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { StoredAttachment, StoredProposal } from '../../db/schema/inbox';
import { AppError, invalidField } from '../../lib/errors';
import { conflict } from '../../lib/versions';
import { findAccess } from '../itineraries/access';
import type { Storage } from '../files/storage.service';
import { applyUpdates, undoApplied } from './applied.service';
import type { Arrival } from './intake';
import {
  bookingsWithCodes,
  deleteItems,
  findItem,
  insertItem,
  itemCounts,
  listItems,
  updateItem,
  writableTrips,
  type InboxItemRow,
} from './inbox.repository';
import { presentItem, type ItemContext } from './inbox.presenter';
import { emptyValues } from './proposals';

/** What the inbox's services need beyond the database: the files of the traveller's space. */
export interface InboxDeps {
  db: Db;
  storage: Storage;
  bucket: string;
}

export const itemNotFound = () =>
  new AppError('inbox/item-not-found', 'There is no such item in your inbox');

/** 409 past the items an inbox holds, 429 past those that may arrive in an hour. */
async function checkRoom(db: Db, userId: string) {
  const { held, lastHour } = await itemCounts(db, userId);
  if (held >= INBOX_LIMITS.items) {
    throw new AppError(
      'inbox/full',
      `Your inbox holds ${INBOX_LIMITS.items} items: accept, dismiss or delete some first`,
    );
  }
  if (lastHour >= INBOX_LIMITS.perHour) {
    throw new AppError(
      'request/rate-limited',
      `At most ${INBOX_LIMITS.perHour} items may arrive in an hour`,
      undefined,
      { retryAfterSeconds: 3600 },
    );
  }
}

/**
 * A file's name as a path segment of the traveller's space (objectPathProblem's rules): none of
 * / \ # [ ] * ?, no leading dots, at most 120 bytes, numbered so two names never meet.
 */
function segment(name: string, index: number): string {
  let cleaned = name
    .normalize('NFC')
    .replace(/[/\\#[\]*?]+/g, '_')
    .replace(/^\.+/, '');
  while (Buffer.byteLength(cleaned) > 120) cleaned = Array.from(cleaned).slice(0, -1).join('');
  return `${index + 1}-${cleaned || 'file'}`;
}

/**
 * Keeps an item's files (PDFs, pictures) in the traveller's storage, under their quota
 * (413/415 and `storage/quota-exceeded` as any upload): `users/{id}/inbox/{itemId}/…`.
 */
async function storeFiles(
  deps: InboxDeps,
  userId: string,
  itemId: string,
  files: Arrival['extraction']['files'],
): Promise<StoredAttachment[]> {
  const stored: StoredAttachment[] = [];
  try {
    for (const [index, file] of files.entries()) {
      const path = `users/${userId}/inbox/${itemId}/${segment(file.name, index)}`;
      const { uploaderId, authorized } = await deps.storage.authorizeUploader({ userId }, path);
      const row = await deps.storage.writeObject({
        bucket: deps.bucket,
        path,
        authorized,
        uploaderId,
        metadata: { contentType: file.contentType },
        body: Readable.from([Buffer.from(file.bytes)]),
        declaredSize: file.bytes.length,
      });
      stored.push({
        name: file.name,
        contentType: row.contentType ?? file.contentType,
        size: row.size,
        path,
        objectId: row.id,
      });
    }
  } catch (error) {
    await removeFiles(deps, userId, stored);
    throw error;
  }
  return stored;
}

async function removeFiles(deps: InboxDeps, userId: string, files: StoredAttachment[]) {
  for (const file of files) {
    await deps.storage.deleteObject({ userId }, deps.bucket, file.path).catch(() => undefined);
  }
}

/**
 * A new item of the traveller's inbox from what arrived: its files stored, the item written
 * (and its arrival told to the traveller's open inbox streams), then the updates and
 * cancellations it carries applied to bookings that came from the inbox, unless the sender
 * was kept aside (only the traveller's own uploads and vouched-for mail apply).
 */
export async function receive(
  deps: InboxDeps,
  userId: string,
  arrival: Arrival,
  sender: { check: SenderCheck; reason: string | null },
): Promise<InboxItemRow> {
  const { db } = deps;
  await checkRoom(db, userId);
  const id = uuidv7();
  const { extraction } = arrival;
  const attachments = await storeFiles(deps, userId, id, extraction.files);
  let row: InboxItemRow;
  try {
    row = await db.transaction((tx) =>
      insertItem(tx, {
        id,
        userId,
        origin: arrival.origin,
        fileName: arrival.fileName,
        sender: extraction.from,
        senderCheck: sender.check,
        senderCheckReason: sender.reason,
        subject: extraction.subject,
        text: extraction.text,
        problems: extraction.problems,
        clues: {
          dates: extraction.clues.dates,
          times: extraction.clues.times,
          codes: extraction.clues.codes,
          airports: extraction.clues.airports.map(({ value, source }) => ({ ...value, source })),
        },
        proposals: arrival.proposals.slice(0, INBOX_LIMITS.proposals),
        attachments,
      }),
    );
  } catch (error) {
    await removeFiles(deps, userId, attachments);
    throw error;
  }
  // A mail kept aside is shown, never applied by itself.
  if (sender.check === 'kept-aside') return row;
  const proposals = await applyUpdates(db, userId, row.id, row.proposals);
  if (proposals === row.proposals) return row;
  return (await updateItem(db, userId, row.id, { proposals }, undefined)) ?? row;
}

/** What items are read against: the traveller's trips and the bookings their codes name. */
export async function readContext(
  db: Db,
  userId: string,
  rows: InboxItemRow[],
): Promise<ItemContext> {
  const codes = rows.flatMap((row) =>
    row.proposals.flatMap((proposal) => proposal.values.confirmationCode ?? []),
  );
  const [trips, coded] = await Promise.all([
    writableTrips(db, userId),
    bookingsWithCodes(db, userId, [...new Set(codes)]),
  ]);
  return { trips, coded };
}

/** A page of the traveller's items, each with its trip and duplicates as they are now. */
export async function readItems(
  db: Db,
  userId: string,
  query: { cursor?: string | undefined; limit: number },
) {
  const rows = await listItems(db, userId, query.cursor, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const context = await readContext(db, userId, page);
  return {
    items: page.map((row) => presentItem(row, context)),
    nextCursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

export async function readItem(db: Db, userId: string, itemId: string): Promise<InboxItemRow> {
  const row = await findItem(db, userId, itemId);
  if (!row) throw itemNotFound();
  return row;
}

/** A trip the traveller may add bookings to; 400 naming `field` otherwise (not revealing which). */
export async function writableTrip(db: Db, userId: string, itineraryId: string, field: string) {
  const access = await findAccess(db, itineraryId, userId);
  if (!access || access.itinerary.deletedAt || !['owner', 'editor'].includes(access.role)) {
    throw invalidField(field, 'is not a trip you may add bookings to');
  }
  return access.itinerary;
}

/** A proposal with the traveller's corrections: a changed value's source becomes `edited`. */
function corrected(
  proposal: StoredProposal,
  edit: z.output<typeof updateInboxItemSchema>['proposals'] extends (infer T)[] | undefined
    ? T
    : never,
): StoredProposal {
  const { kind, ...fields } = edit;
  const values = { ...proposal.values };
  const sources = { ...proposal.sources };
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || !(key in emptyValues())) continue;
    const before = values[key as keyof typeof values];
    if (before === value) continue;
    Object.assign(values, { [key]: value ?? (key === 'notes' ? '' : null) });
    sources[key] = { kind: 'edited', at: key };
  }
  return { ...proposal, kind, values, sources };
}

/** Edit before accepting: move it to another trip (or a new one), correct its proposals. */
export async function changeItem(
  db: Db,
  userId: string,
  itemId: string,
  input: z.output<typeof updateInboxItemSchema>,
): Promise<InboxItemRow> {
  const item = await readItem(db, userId, itemId);
  if (item.state === 'accepted') {
    throw new AppError('conflict', 'This item was accepted: it can only be deleted now', {
      current: null,
    });
  }
  const changes: Partial<InboxItemRow> = {};
  if (input.itineraryId !== undefined) {
    if (input.itineraryId) await writableTrip(db, userId, input.itineraryId, 'itineraryId');
    changes.itineraryId = input.itineraryId;
  }
  if (input.proposals) {
    if (input.proposals.length !== item.proposals.length) {
      throw invalidField(
        'proposals',
        `must hold ${item.proposals.length} proposals, one for each found`,
      );
    }
    changes.proposals = item.proposals.map((proposal, index) => {
      const edit = input.proposals?.[index];
      return edit ? corrected(proposal, edit) : proposal;
    });
  }
  const updated = await updateItem(db, userId, itemId, changes, input.version);
  if (!updated) {
    const current = await findItem(db, userId, itemId);
    if (!current) throw itemNotFound();
    throw conflict(presentItem(current, await readContext(db, userId, [current])));
  }
  return updated;
}

/** Dismisses an item: it and its files go. */
export async function dismissItem(deps: InboxDeps, userId: string, itemId: string): Promise<void> {
  const [row] = await deleteItems(deps.db, userId, itemId);
  if (!row) throw itemNotFound();
  await removeFiles(deps, userId, row.attachments);
}

/** Deletes the whole inbox and its files (bookings made from it stay on their trips). */
export async function clearInbox(deps: InboxDeps, userId: string): Promise<void> {
  const rows = await deleteItems(deps.db, userId);
  await removeFiles(
    deps,
    userId,
    rows.flatMap((row) => row.attachments),
  );
}

/** An item as the API answers it, read against the traveller's trips now. */
export async function presented(db: Db, userId: string, row: InboxItemRow) {
  return presentItem(row, await readContext(db, userId, [row]));
}

/** Undoes the updates and cancellations an item applied (409 when there is nothing to undo). */
export async function undoItem(db: Db, userId: string, itemId: string): Promise<InboxItemRow> {
  const item = await readItem(db, userId, itemId);
  const proposals = await undoApplied(db, userId, itemId, item.proposals);
  const updated = await updateItem(db, userId, itemId, { proposals }, undefined);
  if (!updated) throw itemNotFound();
  return updated;
}
