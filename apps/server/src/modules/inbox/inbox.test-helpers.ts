import { readFileSync } from 'node:fs';
import type { Booking } from '@jammy/shared/bookings';
import type { InboxItem } from '@jammy/shared/inbox';
import type { Itinerary } from '@jammy/shared/itineraries';
import { uuidv7 } from 'uuidv7';
import type { Client } from '../../../test/clients';
import { expectStatus } from '../../../test/expect';
import type { Executor } from '../../db/client';
import { insertItem } from './inbox.repository';
import { emptyValues } from './proposals';

const CORPUS = new URL('./corpus/', import.meta.url);

/** A file of the extraction corpus, as bytes. */
export const corpusFile = (name: string) => readFileSync(new URL(name, CORPUS));

export const MAIL = 'message/rfc822';
export const PASS = 'application/vnd.apple.pkpass';

/** Uploads a file to the client's inbox and answers the item (201). */
export async function upload(
  client: Client,
  bytes: Buffer,
  contentType: string,
  name?: string,
): Promise<InboxItem> {
  const query = name ? `?name=${encodeURIComponent(name)}` : '';
  const response = await client.post(`/api/inbox/items${query}`, bytes, {
    headers: { 'content-type': contentType },
  });
  return expectStatus<InboxItem>(response, 201);
}

/** Uploads a mail of the corpus. */
export const uploadMail = (client: Client, name: string) =>
  upload(client, corpusFile(name), MAIL, name);

/** A trip of the client's with days (the inbox matches items to trips by them). */
export async function tripWithDays(
  client: Client,
  title: string,
  startDate: string,
  endDate: string,
): Promise<Itinerary> {
  return expectStatus<Itinerary>(
    await client.post('/api/itineraries', { title, startDate, endDate }),
    201,
  );
}

export async function bookingsOf(client: Client, tripId: string): Promise<Booking[]> {
  const response = await client.get(`/api/itineraries/${tripId}/bookings`);
  return expectStatus<{ items: Booking[] }>(response, 200).items;
}

export async function accept(client: Client, item: InboxItem, body: object = {}) {
  return client.post(`/api/inbox/items/${item.id}/accept`, body);
}

/**
 * An item put straight into a traveller's inbox, as an arrival would leave it (for tests that
 * need many, past the hourly limit of arrivals): one all-day proposal that can be accepted.
 */
export async function insertInboxItem(db: Executor, userId: string, text = 'A museum day pass') {
  return insertItem(db, {
    id: uuidv7(),
    userId,
    origin: 'paste',
    text,
    clues: { dates: [], times: [], codes: [], airports: [] },
    proposals: [
      {
        kind: 'activity',
        status: 'confirmed',
        values: { ...emptyValues(), title: 'Museum day', startDate: '2027-04-13' },
        sources: { title: { kind: 'text', at: 'line 1' } },
        applied: null,
      },
    ],
  });
}
