import { insertInboxItem } from '../modules/inbox/inbox.test-helpers';
import { signedIn, type Row, type Statuses, type World } from './matrix';

// --- the booking inbox: every item is its traveller's alone (the owner's, here) ---
// anonymous, stranger, link holder, viewer, editor, owner, admin: the trip's members are no
// more than strangers to the owner's inbox, and an admin reads no traveller's items.
const travellerOwn = (ok: number): Statuses => [401, 404, 401, 404, 404, ok, 404];

/** Text only the owner's inbox holds. */
const MARKER = 'INBOX-MATRIX-MARKER';

/** A fresh item of the owner's inbox (the calls that consume it get their own). */
const ownerItem = async ({ server, users }: World) => {
  const row = await insertInboxItem(server.database.db, users.owner.id, MARKER);
  return { inboxItemId: row.id };
};

const sendText = async ({ api }: World, url: string, account: Parameters<World['api']>[0]) => {
  const response = await api(account, 'POST', url, {
    payload: Buffer.from('Booking reference K4TZ8W, 18 June 2027'),
    headers: { 'content-type': 'text/plain' },
  });
  return response.statusCode;
};

export const INBOX_ROWS: readonly Row[] = [
  {
    method: 'GET',
    path: '/api/inbox',
    expect: signedIn(200),
    prepare: ownerItem,
    // Everyone reads an inbox: their own.
    sees: {
      of: (body) => (body.includes(MARKER) ? "the owner's item" : 'none of it'),
      expect: [
        '-',
        'none of it',
        '-',
        'none of it',
        'none of it',
        "the owner's item",
        'none of it',
      ],
    },
  },
  { method: 'DELETE', path: '/api/inbox', expect: signedIn(204), prepare: ownerItem },
  { method: 'GET', path: '/api/inbox/events', expect: signedIn(200) },
  // Each caller's own forwarding address (and a new one for themselves).
  { method: 'GET', path: '/api/inbox/address', expect: signedIn(200) },
  { method: 'POST', path: '/api/inbox/address/rotate', expect: signedIn(200) },
  {
    method: 'POST',
    path: '/api/inbox/text',
    expect: signedIn(201),
    payload: () => ({ text: 'Booking reference K4TZ8W' }),
  },
  { method: 'POST', path: '/api/inbox/items', expect: signedIn(201), send: sendText },
  {
    method: 'GET',
    path: '/api/inbox/items/:inboxItemId',
    expect: travellerOwn(200),
    prepare: ownerItem,
    sees: {
      of: (body) => (body.includes(MARKER) ? "the owner's item" : 'none of it'),
      expect: ['-', '-', '-', '-', '-', "the owner's item", '-'],
    },
  },
  {
    method: 'PATCH',
    path: '/api/inbox/items/:inboxItemId',
    expect: travellerOwn(200),
    prepare: ownerItem,
    payload: () => ({ itineraryId: null }),
  },
  {
    method: 'DELETE',
    path: '/api/inbox/items/:inboxItemId',
    expect: travellerOwn(204),
    prepare: ownerItem,
  },
  {
    method: 'POST',
    path: '/api/inbox/items/:inboxItemId/accept',
    expect: travellerOwn(200),
    prepare: ownerItem,
    payload: () => ({ newTrip: { title: 'From the inbox' } }),
  },
  // The owner's item applied nothing: theirs to undo, and nothing to undo (409).
  {
    method: 'POST',
    path: '/api/inbox/items/:inboxItemId/undo',
    expect: travellerOwn(409),
    prepare: ownerItem,
  },
];
