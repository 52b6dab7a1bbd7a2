import type { AddressInfo } from 'node:net';
import type { CalendarFeed } from '@jammy/shared/exports';
import type { PresetSummary } from '@jammy/shared/presets';
import type { Invitation, ShareLink } from '@jammy/shared/sharing';
import { eq } from 'drizzle-orm';
import type { HTTPMethods } from 'fastify';
import { uuidv7 } from 'uuidv7';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../test/auth-helpers';
import {
  addMember,
  apiFor,
  createItinerary,
  createList,
  createListItem,
  createNote,
  createPlace,
  createSignedInUser,
  createStage,
  expectStatus,
  startItineraryTest,
  type Api,
  type ItineraryTest,
  type SignedInUser,
} from '../test/itinerary-helpers';
import { session } from './db/schema/auth';
import { preset as presetTable } from './db/schema/itineraries';
import { insertContactMessage } from './modules/contact/contact.repository';
import { openEventStream } from './modules/sharing/sse-client.test-helpers';
import { makeAdmin } from '../test/shop-helpers';
import { pdfDocument, pngImage, upload, uploaded } from '../test/storage-helpers';

/**
 * THE guard of every endpoint: each route of the app, called by each kind of caller, answers
 * exactly the status of this table. The routes come from the app itself, so a new endpoint
 * fails the coverage check until its row is written here: nothing ships unchecked.
 *
 * Callers: nobody signed in; a stranger (signed in, not a member); a share-link holder (not
 * signed in, `?share=<token>` of the itinerary); a viewer, an editor and the owner of the
 * itinerary; an administrator of the installation (who is NOT a member: admins do not read
 * travellers' trips).
 */
const CALLERS = [
  'anonymous',
  'stranger',
  'link holder',
  'viewer',
  'editor',
  'owner',
  'admin',
] as const;
type Caller = (typeof CALLERS)[number];
type Statuses = readonly [number, number, number, number, number, number, number];
type Params = Record<string, string>;

interface Row {
  method: HTTPMethods;
  path: string;
  expect: Statuses;
  /** Params the route needs beyond the itinerary's `id`, made fresh for each call. */
  prepare?: (id: string, caller: Caller) => Promise<Params>;
  payload?: (params: Params, caller: Caller) => object;
  /** The call uses up the caller (deleting the account): a fresh account each time. */
  consumesCaller?: boolean;
  /** A request that is not JSON (an upload chunk): made here, answering its status. */
  send?: (url: string, account: SignedInUser | null) => Promise<number>;
  /** What each caller reads in a 200 answer ('-' for any other status), beyond its status. */
  sees?: { of: (body: string) => string; expect: readonly string[] };
}

// anonymous, stranger, link holder, viewer, editor, owner, admin
const memberRead = (ok = 200): Statuses => [401, 404, 401, ok, ok, ok, 404];
const linkRead: Statuses = [401, 404, 200, 200, 200, 200, 404];
const memberWrite = (ok: number): Statuses => [401, 404, 401, 403, ok, ok, 404];
const ownerOnly = (ok: number): Statuses => [401, 404, 401, 403, 403, ok, 404];
const signedIn = (ok: number, link = 401): Statuses => [401, ok, link, ok, ok, ok, ok];
const adminOnly = (ok: number, link = 401): Statuses => [401, 403, link, 403, 403, 403, ok];
const everyone = (ok = 200, link = ok): Statuses => [ok, ok, link, ok, ok, ok, ok];

let test: ItineraryTest;
let api: Api;
let base: string;
const users = {} as Record<Exclude<Caller, 'anonymous' | 'link holder'> | 'target', SignedInUser>;
let presetId: string;

const stage = async (id: string) => ({
  stageId: (await createStage(test.testApp, users.owner, id)).id,
});
const place = async (id: string) => ({
  placeId: (await createPlace(test.testApp, users.owner, id)).id,
});
const note = async (id: string) => ({
  noteId: (await createNote(test.testApp, users.owner, id)).id,
});
const list = async (id: string) => ({
  listId: (await createList(test.testApp, users.owner, id)).id,
});
const item = async (id: string) => {
  const { listId } = await list(id);
  return { listId, itemId: (await createListItem(test.testApp, users.owner, id, listId)).id };
};
const expenseBody = () => ({
  title: 'Dinner',
  amountMinor: 3000,
  currency: 'EUR',
  date: '2027-05-01',
  category: 'food',
  paidBy: users.owner.id,
  split: { mode: 'equal', userIds: [users.owner.id] },
  // The trip's currency may differ (it defaults from the owner's language).
  rate: '1.08',
});
const expense = async (id: string) => {
  const response = await api(users.owner, 'POST', `/api/itineraries/${id}/expenses`, {
    payload: expenseBody(),
  });
  return { expenseId: expectStatus<{ id: string }>(response, 201).id };
};
const budgetLine = async (id: string) => {
  const response = await api(users.owner, 'POST', `/api/itineraries/${id}/budget-lines`, {
    payload: { category: 'food', amountMinor: 5000 },
  });
  return { lineId: expectStatus<{ id: string }>(response, 201).id };
};
const budgetRate = async (id: string) => {
  const response = await api(users.owner, 'POST', `/api/itineraries/${id}/budget-rates`, {
    payload: { currency: 'JPY', rate: '0.0061' },
  });
  return { rateId: expectStatus<{ id: string }>(response, 201).id };
};
const invitation = async (id: string) => {
  const response = await api(users.owner, 'POST', `/api/itineraries/${id}/invitations`, {
    payload: { email: uniqueEmail('invitee'), role: 'viewer' },
  });
  return { invitationId: expectStatus<Invitation>(response, 201).id };
};
const link = async (id: string) => ({ linkId: (await createLink(id)).id });
const target = async () => ({ userId: users.target.id });
/** Someone else's session: never anyone's to end but its own user's. */
const targetSession = async () => {
  const [row] = await test.testApp.database.db
    .select({ id: session.id })
    .from(session)
    .where(eq(session.userId, users.target.id));
  return { sessionId: row?.id ?? uuidv7() };
};
const preset = async () => ({ presetId });
/** An itinerary of the admin's that can be published: one stage with a destination. */
async function publishableTrip(): Promise<string> {
  const trip = await createItinerary(test.testApp, users.admin, { title: 'Mine' });
  await createStage(test.testApp, users.admin, trip.id, {
    title: 'Rome',
    destinationName: 'Rome',
    lat: 41.9,
    lng: 12.5,
    countryCode: 'IT',
  });
  return trip.id;
}
/** A Jammy itinerary an admin published (deletable, unlike the catalogue's). */
const publishedPreset = async () => {
  const response = await api(users.admin, 'POST', '/api/presets', {
    payload: { itineraryId: await publishableTrip(), region: 'europe', interests: [] },
  });
  const created = expectStatus<PresetSummary & { admin: { version: number } }>(response, 201);
  return { presetId: created.id, version: String(created.admin.version) };
};
const adminTrip = async () => ({ adminTripId: await publishableTrip() });
// --- the shop ---
let premiumId: string;
const product = async () => {
  const response = await api(users.admin, 'POST', '/api/admin/shop/products', {
    payload: {
      title: 'Premium',
      priceMinor: 900,
      currency: 'EUR',
      presetIds: [premiumId],
      active: true,
    },
  });
  const created = expectStatus<{ id: string; version: number }>(response, 201);
  return { productId: created.id, version: String(created.version) };
};
/** A pending order of the owner's (nobody else's to read). */
const order = async () => {
  const { productId } = await product();
  const response = await api(users.owner, 'POST', '/api/shop/orders', {
    payload: { productIds: [productId], token: `matrix-${uuidv7()}` },
  });
  return { productId, orderId: expectStatus<{ id: string }>(response, 201).id };
};
/**
 * The owner has bought the premium itinerary (a paid order of their own, never refunded): the
 * one caller besides admins who reads it whole.
 */
let ownerBought: Promise<void> | undefined;
const boughtPremium = async () => {
  ownerBought ??= (async () => {
    const { orderId } = await order();
    expectStatus(await api(users.admin, 'POST', `/api/admin/shop/orders/${orderId}/paid`), 200);
  })();
  await ownerBought;
  return { presetId: premiumId };
};
const boughtProduct = async () => {
  await boughtPremium();
  return product();
};
/** A premium itinerary is read whole by those who may copy it, else as a preview (issue 23). */
const premiumView = (detail: { preview: boolean } | undefined) =>
  detail?.preview ? 'preview' : 'whole';
const readsPremium = {
  // anonymous, stranger, link holder, viewer, editor, owner (the buyer), admin
  expect: ['preview', 'preview', '-', 'preview', 'preview', 'whole', 'whole'],
};
const paidOrder = async () => {
  const { orderId } = await order();
  expectStatus(await api(users.admin, 'POST', `/api/admin/shop/orders/${orderId}/paid`), 200);
  return { orderId };
};
const outboxFile = async () => {
  const response = await api(users.admin, 'GET', '/api/admin/outbox');
  const { items } = expectStatus<{ items: { id: string }[] }>(response, 200);
  return { file: items[0]?.id ?? `${uuidv7()}.eml` };
};

/** A fresh contact message, stored as the form would store it. */
const contactMessage = async () => {
  const stored = await insertContactMessage(test.testApp.database.db, {
    userId: null,
    name: 'Sender',
    email: uniqueEmail('sender'),
    topic: 'question',
    message: 'A question for the people who run this.',
    language: 'en',
    status: 'open',
    spamReason: null,
    clientHash: uuidv7(),
  });
  if (!('row' in stored)) throw new Error('the contact message was not stored');
  return { messageId: stored.row.id };
};

// --- storage (the protocol's callers get 403, not 404, on a path they may not use) ---
const storageRead: Statuses = [401, 403, 200, 200, 200, 200, 403];
const storageWrite = (ok: number): Statuses => [401, 403, 401, 403, ok, ok, 403];
const photoObject = async (id: string) => {
  const path = `itineraries/${id}/photos/${uuidv7()}.png`;
  await uploaded(test.testApp, users.owner, path, await pngImage(16, 16));
  return { object: encodeURIComponent(path), objectPath: path };
};
const documentObject = async (id: string) => {
  const path = `itineraries/${id}/attachments/${uuidv7()}.pdf`;
  await uploaded(test.testApp, users.owner, path, pdfDocument(512));
  return { objectPath: path };
};
const photoRow = async (id: string) => {
  const { objectPath } = await photoObject(id);
  const response = await api(users.owner, 'POST', `/api/itineraries/${id}/photos`, {
    payload: { path: objectPath },
  });
  return { photoId: expectStatus<{ id: string }>(response, 201).id };
};
const bookingRow = async (id: string) => {
  const response = await api(users.owner, 'POST', `/api/itineraries/${id}/bookings`, {
    payload: { kind: 'accommodation', title: 'Hotel', confirmationCode: 'ABC123' },
  });
  return { bookingId: expectStatus<{ id: string }>(response, 201).id };
};
const attachmentRow = async (id: string) => {
  const { objectPath } = await documentObject(id);
  const response = await api(users.owner, 'POST', `/api/itineraries/${id}/attachments`, {
    payload: { path: objectPath },
  });
  return { attachmentId: expectStatus<{ id: string }>(response, 201).id };
};
const CHUNK = pdfDocument(1000);
/** A resumable upload the owner started: only they may send its bytes. */
const uploadSession = async (id: string) => {
  const path = `itineraries/${id}/attachments/${uuidv7()}.pdf`;
  const response = await test.testApp.app.inject({
    method: 'POST',
    url: `/v0/b/jammy/o?name=${encodeURIComponent(path)}`,
    headers: {
      cookie: users.owner.cookie,
      origin: test.testApp.config.baseUrl.origin,
      'content-type': 'application/json',
      'x-goog-upload-protocol': 'resumable',
      'x-goog-upload-command': 'start',
      'x-goog-upload-header-content-length': String(CHUNK.length),
    },
    payload: JSON.stringify({ name: path, contentType: 'application/pdf' }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return {
    uploadId:
      new URL(String(response.headers['x-goog-upload-url'])).searchParams.get('upload_id') ?? '',
  };
};
const sendChunk = async (url: string, account: SignedInUser | null) => {
  const response = await test.testApp.app.inject({
    method: 'PUT',
    url,
    headers: {
      ...(account ? { cookie: account.cookie } : {}),
      origin: test.testApp.config.baseUrl.origin,
      'content-type': 'application/octet-stream',
      'content-range': `bytes 0-${CHUNK.length - 1}/${CHUNK.length}`,
    },
    payload: CHUNK,
  });
  return response.statusCode;
};
const sendUpload = async (url: string, account: SignedInUser | null) => {
  const name = new URL(url, 'http://x').searchParams.get('name') ?? '';
  const response = await upload(test.testApp, account, name, await pngImage(16, 16));
  return response.statusCode;
};

/** A small GeoJSON file, as the import routes take it (the body is the file). */
const IMPORT_FILE = JSON.stringify({
  type: 'Feature',
  properties: { name: 'Imported' },
  geometry: { type: 'Point', coordinates: [12.49, 41.89] },
});
const sendImport = async (url: string, account: SignedInUser | null) => {
  const response = await api(account, 'POST', url, {
    payload: Buffer.from(IMPORT_FILE),
    headers: { 'content-type': 'application/geo+json' },
  });
  return response.statusCode;
};
const importRow = async (id: string) => {
  const response = await api(users.owner, 'POST', `/api/itineraries/${id}/imports`, {
    payload: Buffer.from(IMPORT_FILE),
    headers: { 'content-type': 'application/geo+json' },
  });
  return { importId: expectStatus<{ id: string }>(response, 201).id };
};

const TABLE: Row[] = [
  // --- itineraries ---
  // Lists with strict query schemas refuse the unknown `share` parameter (400) before any
  // authorisation; nothing is revealed either way.
  { method: 'GET', path: '/api/itineraries', expect: signedIn(200, 400) },
  {
    method: 'POST',
    path: '/api/itineraries',
    expect: signedIn(201),
    payload: () => ({ title: 'Mine' }),
  },
  { method: 'GET', path: '/api/itineraries/:id', expect: linkRead },
  {
    method: 'PATCH',
    path: '/api/itineraries/:id',
    expect: memberWrite(200),
    payload: () => ({ title: 'Renamed' }),
  },
  { method: 'DELETE', path: '/api/itineraries/:id', expect: ownerOnly(200) },
  { method: 'POST', path: '/api/itineraries/:id/restore', expect: ownerOnly(200) },
  // --- stages ---
  { method: 'GET', path: '/api/itineraries/:id/stages', expect: memberRead() },
  {
    method: 'POST',
    path: '/api/itineraries/:id/stages',
    expect: memberWrite(201),
    payload: () => ({ title: 'Stage' }),
  },
  {
    method: 'GET',
    path: '/api/itineraries/:id/stages/:stageId',
    expect: memberRead(),
    prepare: stage,
  },
  {
    method: 'PATCH',
    path: '/api/itineraries/:id/stages/:stageId',
    expect: memberWrite(200),
    prepare: stage,
    payload: () => ({ title: 'Changed' }),
  },
  {
    method: 'DELETE',
    path: '/api/itineraries/:id/stages/:stageId',
    expect: memberWrite(204),
    prepare: stage,
  },
  {
    method: 'POST',
    path: '/api/itineraries/:id/stages/:stageId/move',
    expect: memberWrite(200),
    prepare: stage,
    payload: () => ({ afterId: null }),
  },
  // --- places ---
  {
    method: 'GET',
    path: '/api/itineraries/:id/places',
    expect: [401, 404, 400, 200, 200, 200, 404],
  },
  {
    method: 'POST',
    path: '/api/itineraries/:id/places',
    expect: memberWrite(201),
    payload: () => ({ name: 'Place' }),
  },
  {
    method: 'GET',
    path: '/api/itineraries/:id/places/:placeId',
    expect: memberRead(),
    prepare: place,
  },
  {
    method: 'PATCH',
    path: '/api/itineraries/:id/places/:placeId',
    expect: memberWrite(200),
    prepare: place,
    payload: () => ({ name: 'Changed' }),
  },
  {
    method: 'DELETE',
    path: '/api/itineraries/:id/places/:placeId',
    expect: memberWrite(204),
    prepare: place,
  },
  {
    method: 'POST',
    path: '/api/itineraries/:id/places/:placeId/move',
    expect: memberWrite(200),
    prepare: place,
    payload: () => ({ afterId: null }),
  },
  // --- notes ---
  { method: 'GET', path: '/api/itineraries/:id/notes', expect: linkRead },
  {
    method: 'POST',
    path: '/api/itineraries/:id/notes',
    expect: memberWrite(201),
    payload: () => ({ title: 'Note' }),
  },
  {
    method: 'GET',
    path: '/api/itineraries/:id/notes/:noteId',
    expect: memberRead(),
    prepare: note,
  },
  {
    method: 'PATCH',
    path: '/api/itineraries/:id/notes/:noteId',
    expect: memberWrite(200),
    prepare: note,
    payload: () => ({ body: 'Changed' }),
  },
  {
    method: 'DELETE',
    path: '/api/itineraries/:id/notes/:noteId',
    expect: memberWrite(204),
    prepare: note,
  },
  // --- lists and items ---
  { method: 'GET', path: '/api/itineraries/:id/lists', expect: memberRead() },
  {
    method: 'POST',
    path: '/api/itineraries/:id/lists',
    expect: memberWrite(201),
    payload: () => ({ title: 'To do', kind: 'todo' }),
  },
  {
    method: 'GET',
    path: '/api/itineraries/:id/lists/:listId',
    expect: memberRead(),
    prepare: list,
  },
  {
    method: 'PATCH',
    path: '/api/itineraries/:id/lists/:listId',
    expect: memberWrite(200),
    prepare: list,
    payload: () => ({ title: 'Changed' }),
  },
  {
    method: 'DELETE',
    path: '/api/itineraries/:id/lists/:listId',
    expect: memberWrite(204),
    prepare: list,
  },
  {
    method: 'POST',
    path: '/api/itineraries/:id/lists/:listId/items',
    expect: memberWrite(201),
    prepare: list,
    payload: () => ({ text: 'Socks' }),
  },
  {
    method: 'GET',
    path: '/api/itineraries/:id/lists/:listId/items/:itemId',
    expect: memberRead(),
    prepare: item,
  },
  {
    method: 'PATCH',
    path: '/api/itineraries/:id/lists/:listId/items/:itemId',
    expect: memberWrite(200),
    prepare: item,
    payload: () => ({ checked: true }),
  },
  {
    method: 'DELETE',
    path: '/api/itineraries/:id/lists/:listId/items/:itemId',
    expect: memberWrite(204),
    prepare: item,
  },
  {
    method: 'POST',
    path: '/api/itineraries/:id/lists/:listId/items/:itemId/move',
    expect: memberWrite(200),
    prepare: item,
    payload: () => ({ afterId: null }),
  },
  // --- sharing ---
  { method: 'GET', path: '/api/itineraries/:id/members', expect: memberRead() },
  {
    method: 'PATCH',
    path: '/api/itineraries/:id/members/:userId',
    expect: ownerOnly(200),
    prepare: target,
    payload: () => ({ role: 'editor' }),
  },
  {
    method: 'DELETE',
    path: '/api/itineraries/:id/members/:userId',
    expect: ownerOnly(204),
    prepare: target,
  },
  {
    method: 'POST',
    path: '/api/itineraries/:id/invitations',
    expect: ownerOnly(201),
    payload: () => ({ email: uniqueEmail('invitee'), role: 'editor' }),
  },
  {
    method: 'DELETE',
    path: '/api/itineraries/:id/invitations/:invitationId',
    expect: ownerOnly(204),
    prepare: invitation,
  },
  {
    method: 'POST',
    path: '/api/itineraries/:id/invitations/:invitationId/resend',
    expect: ownerOnly(200),
    prepare: invitation,
  },
  {
    method: 'POST',
    path: '/api/itineraries/:id/transfer',
    expect: ownerOnly(200),
    payload: () => ({ userId: users.editor.id }),
  },
  {
    method: 'POST',
    path: '/api/itineraries/:id/share-links',
    expect: ownerOnly(201),
    payload: () => ({}),
  },
  {
    method: 'DELETE',
    path: '/api/itineraries/:id/share-links/:linkId',
    expect: ownerOnly(204),
    prepare: link,
  },
  { method: 'GET', path: '/api/itineraries/:id/activity', expect: memberRead() },
  { method: 'GET', path: '/api/itineraries/:id/events', expect: memberRead() },
  // --- exports: files through a share link too (without confirmation codes); the JSON and
  // calendar feeds are for members (a viewer may subscribe), the feed itself for its token.
  { method: 'GET', path: '/api/itineraries/:id/export.ics', expect: linkRead },
  { method: 'GET', path: '/api/itineraries/:id/export.gpx', expect: linkRead },
  { method: 'GET', path: '/api/itineraries/:id/export.geojson', expect: linkRead },
  { method: 'GET', path: '/api/itineraries/:id/export.json', expect: memberRead() },
  { method: 'GET', path: '/api/itineraries/:id/calendar-feed', expect: memberRead() },
  { method: 'POST', path: '/api/itineraries/:id/calendar-feed', expect: memberRead(201) },
  { method: 'DELETE', path: '/api/itineraries/:id/calendar-feed', expect: memberRead(204) },
  {
    method: 'GET',
    path: '/api/calendar/:token.ics',
    expect: everyone(200),
    prepare: async (id) => {
      const response = await api(users.owner, 'POST', `/api/itineraries/${id}/calendar-feed`);
      const { url } = expectStatus<CalendarFeed>(response, 201);
      return { token: /\/api\/calendar\/([\w-]+)\.ics$/.exec(url ?? '')?.[1] ?? '' };
    },
  },
  // An unknown token opens nothing, whoever asks.
  {
    method: 'POST',
    path: '/api/invitations/accept',
    expect: signedIn(404),
    payload: () => ({ token: 'unknown-token' }),
  },
  // --- the traveller's own account ---
  // Who is here: anyone may ask; each caller learns only about themselves, or that nobody is.
  { method: 'GET', path: '/api/session', expect: everyone() },
  { method: 'GET', path: '/api/me', expect: signedIn(200) },
  {
    method: 'PATCH',
    path: '/api/me',
    expect: signedIn(200),
    payload: () => ({ homePlace: 'Lisbon' }),
  },
  {
    method: 'DELETE',
    path: '/api/me',
    expect: signedIn(204),
    consumesCaller: true,
    payload: () => ({ confirmation: 'DELETE' }),
  },
  { method: 'GET', path: '/api/me/export', expect: signedIn(200) },
  {
    method: 'PUT',
    path: '/api/me/interests',
    expect: signedIn(200),
    payload: () => ({ interests: ['art'] }),
  },
  { method: 'GET', path: '/api/me/sessions', expect: signedIn(200) },
  // Another traveller's session is nobody else's to end.
  {
    method: 'DELETE',
    path: '/api/me/sessions/:sessionId',
    expect: signedIn(404),
    prepare: targetSession,
  },
  { method: 'POST', path: '/api/me/sessions/revoke-others', expect: signedIn(200) },
  // Every test account already has a password.
  {
    method: 'POST',
    path: '/api/me/password',
    expect: signedIn(409),
    payload: () => ({ newPassword: 'a-long-new-password' }),
  },
  // --- public information ---
  { method: 'GET', path: '/api/interests', expect: everyone() },
  { method: 'GET', path: '/api/sign-in-methods', expect: everyone() },
  { method: 'GET', path: '/api/client-config', expect: everyone() },
  { method: 'GET', path: '/api/health', expect: everyone() },
  { method: 'GET', path: '/api/health/ready', expect: everyone() },
  { method: 'GET', path: '/api/geo/search?q=Rome', expect: signedIn(200, 400) },
  // --- Jammy itineraries ---
  { method: 'GET', path: '/api/presets', expect: everyone(200, 400) },
  {
    method: 'GET',
    path: '/api/presets/:presetId',
    expect: everyone(200, 400),
    prepare: boughtPremium,
    sees: { ...readsPremium, of: (body) => premiumView(JSON.parse(body) as { preview: boolean }) },
  },
  {
    method: 'POST',
    path: '/api/presets/:presetId/copy',
    expect: signedIn(201, 400),
    prepare: preset,
    payload: () => ({ startDate: '2027-05-01' }),
  },
  {
    method: 'POST',
    path: '/api/presets',
    expect: adminOnly(201),
    prepare: adminTrip,
    payload: ({ adminTripId = '' }) => ({
      itineraryId: adminTripId,
      region: 'europe',
      interests: ['art'],
    }),
  },
  {
    method: 'PATCH',
    path: '/api/presets/:presetId',
    expect: adminOnly(200),
    prepare: publishedPreset,
    payload: ({ version = '1' }) => ({ published: false, version: Number(version) }),
  },
  {
    method: 'DELETE',
    path: '/api/presets/:presetId',
    expect: adminOnly(204),
    prepare: publishedPreset,
  },
  // --- the shop: browsing is public, carts and orders are each buyer's own ---
  { method: 'GET', path: '/api/shop/products', expect: everyone(200, 400) },
  {
    method: 'GET',
    path: '/api/shop/products/:productId',
    expect: everyone(200, 400),
    prepare: boughtProduct,
    sees: {
      ...readsPremium,
      of: (body) =>
        premiumView((JSON.parse(body) as { details: { preview: boolean }[] }).details[0]),
    },
  },
  { method: 'GET', path: '/api/shop/cart', expect: signedIn(200) },
  {
    method: 'PUT',
    path: '/api/shop/cart',
    expect: signedIn(200),
    prepare: product,
    payload: ({ productId = '' }) => ({ productIds: [productId] }),
  },
  {
    method: 'POST',
    path: '/api/shop/orders',
    expect: signedIn(201),
    prepare: product,
    payload: ({ productId = '' }) => ({ productIds: [productId], token: `matrix-${uuidv7()}` }),
  },
  { method: 'GET', path: '/api/shop/orders', expect: signedIn(200) },
  {
    method: 'GET',
    path: '/api/shop/orders/:orderId',
    expect: [401, 404, 401, 404, 404, 200, 404],
    prepare: order,
  },
  // Stripe is not configured in this installation: there is no webhook to call.
  {
    method: 'POST',
    path: '/api/shop/stripe/webhook',
    expect: everyone(404),
    payload: () => ({ id: 'evt_matrix', type: 'checkout.session.completed' }),
  },
  {
    method: 'POST',
    path: '/api/admin/shop/products',
    expect: adminOnly(201),
    payload: () => ({ title: 'Premium', priceMinor: 900, currency: 'EUR', presetIds: [premiumId] }),
  },
  {
    method: 'PATCH',
    path: '/api/admin/shop/products/:productId',
    expect: adminOnly(200),
    prepare: product,
    payload: ({ version = '1' }) => ({ priceMinor: 1200, version: Number(version) }),
  },
  { method: 'GET', path: '/api/admin/shop/orders', expect: adminOnly(200) },
  {
    method: 'POST',
    path: '/api/admin/shop/orders/:orderId/paid',
    expect: adminOnly(200),
    prepare: order,
  },
  {
    method: 'POST',
    path: '/api/admin/shop/orders/:orderId/refund',
    expect: adminOnly(200),
    prepare: paidOrder,
  },
  // --- imports (strict queries refuse a share link's `share` parameter: 400) ---
  {
    method: 'POST',
    path: '/api/itineraries/:id/imports',
    expect: [401, 404, 400, 403, 201, 201, 404],
    send: sendImport,
  },
  { method: 'POST', path: '/api/imports', expect: signedIn(201, 400), send: sendImport },
  {
    method: 'POST',
    path: '/api/itineraries/:id/imports/lookup',
    expect: [401, 404, 400, 403, 200, 200, 404],
    payload: () => ({ text: 'Rome' }),
  },
  {
    method: 'GET',
    path: '/api/itineraries/:id/imports/:importId',
    expect: memberRead(),
    prepare: importRow,
  },
  {
    method: 'DELETE',
    path: '/api/itineraries/:id/imports/:importId',
    expect: memberWrite(204),
    prepare: importRow,
  },
  { method: 'GET', path: '/api/itineraries/:id/routes', expect: linkRead },
  // --- photos and attachments ---
  { method: 'GET', path: '/api/itineraries/:id/photos', expect: linkRead },
  {
    method: 'POST',
    path: '/api/itineraries/:id/photos',
    expect: memberWrite(201),
    prepare: photoObject,
    payload: ({ objectPath = '' }) => ({ path: objectPath, caption: 'Mine' }),
  },
  {
    method: 'GET',
    path: '/api/itineraries/:id/photos/:photoId',
    expect: memberRead(),
    prepare: photoRow,
  },
  {
    method: 'PATCH',
    path: '/api/itineraries/:id/photos/:photoId',
    expect: memberWrite(200),
    prepare: photoRow,
    payload: () => ({ caption: 'Changed' }),
  },
  {
    method: 'DELETE',
    path: '/api/itineraries/:id/photos/:photoId',
    expect: memberWrite(204),
    prepare: photoRow,
  },
  {
    method: 'POST',
    path: '/api/itineraries/:id/photos/:photoId/move',
    expect: memberWrite(200),
    prepare: photoRow,
    payload: () => ({ afterId: null }),
  },
  { method: 'GET', path: '/api/itineraries/:id/attachments', expect: linkRead },
  {
    method: 'POST',
    path: '/api/itineraries/:id/attachments',
    expect: memberWrite(201),
    prepare: documentObject,
    payload: ({ objectPath = '' }) => ({ path: objectPath }),
  },
  {
    method: 'GET',
    path: '/api/itineraries/:id/attachments/:attachmentId',
    expect: memberRead(),
    prepare: attachmentRow,
  },
  {
    method: 'PATCH',
    path: '/api/itineraries/:id/attachments/:attachmentId',
    expect: memberWrite(200),
    prepare: attachmentRow,
    payload: () => ({ title: 'Changed' }),
  },
  {
    method: 'DELETE',
    path: '/api/itineraries/:id/attachments/:attachmentId',
    expect: memberWrite(204),
    prepare: attachmentRow,
  },
  // --- bookings ---
  { method: 'GET', path: '/api/itineraries/:id/bookings', expect: linkRead },
  {
    method: 'POST',
    path: '/api/itineraries/:id/bookings',
    expect: memberWrite(201),
    payload: () => ({
      kind: 'restaurant',
      title: 'Dinner',
      startAt: '2027-03-28T20:00',
      startZone: 'Europe/Rome',
    }),
  },
  {
    method: 'GET',
    path: '/api/itineraries/:id/bookings/:bookingId',
    expect: memberRead(),
    prepare: bookingRow,
  },
  {
    method: 'PATCH',
    path: '/api/itineraries/:id/bookings/:bookingId',
    expect: memberWrite(200),
    prepare: bookingRow,
    payload: () => ({ title: 'Changed' }),
  },
  {
    method: 'DELETE',
    path: '/api/itineraries/:id/bookings/:bookingId',
    expect: memberWrite(204),
    prepare: bookingRow,
  },
  // --- budget ---
  { method: 'GET', path: '/api/itineraries/:id/budget', expect: memberRead() },
  { method: 'GET', path: '/api/itineraries/:id/expenses', expect: memberRead() },
  {
    method: 'POST',
    path: '/api/itineraries/:id/expenses',
    expect: memberWrite(201),
    payload: expenseBody,
  },
  {
    method: 'GET',
    path: '/api/itineraries/:id/expenses/:expenseId',
    expect: memberRead(),
    prepare: expense,
  },
  {
    method: 'PATCH',
    path: '/api/itineraries/:id/expenses/:expenseId',
    expect: memberWrite(200),
    prepare: expense,
    payload: () => ({ title: 'Changed' }),
  },
  {
    method: 'DELETE',
    path: '/api/itineraries/:id/expenses/:expenseId',
    expect: memberWrite(204),
    prepare: expense,
  },
  { method: 'GET', path: '/api/itineraries/:id/budget-lines', expect: memberRead() },
  {
    method: 'POST',
    path: '/api/itineraries/:id/budget-lines',
    expect: memberWrite(201),
    payload: () => ({ category: 'transport', amountMinor: 10000 }),
  },
  {
    method: 'GET',
    path: '/api/itineraries/:id/budget-lines/:lineId',
    expect: memberRead(),
    prepare: budgetLine,
  },
  {
    method: 'PATCH',
    path: '/api/itineraries/:id/budget-lines/:lineId',
    expect: memberWrite(200),
    prepare: budgetLine,
    payload: () => ({ amountMinor: 12000 }),
  },
  {
    method: 'DELETE',
    path: '/api/itineraries/:id/budget-lines/:lineId',
    expect: memberWrite(204),
    prepare: budgetLine,
  },
  { method: 'GET', path: '/api/itineraries/:id/budget-rates', expect: memberRead() },
  {
    method: 'POST',
    path: '/api/itineraries/:id/budget-rates',
    expect: memberWrite(201),
    payload: () => ({ currency: 'JPY', rate: '0.0061' }),
  },
  {
    method: 'GET',
    path: '/api/itineraries/:id/budget-rates/:rateId',
    expect: memberRead(),
    prepare: budgetRate,
  },
  {
    method: 'PATCH',
    path: '/api/itineraries/:id/budget-rates/:rateId',
    expect: memberWrite(200),
    prepare: budgetRate,
    payload: () => ({ rate: '0.0062' }),
  },
  {
    method: 'DELETE',
    path: '/api/itineraries/:id/budget-rates/:rateId',
    expect: memberWrite(204),
    prepare: budgetRate,
  },
  // --- file storage: the API side, and the protocol (/v0) ---
  { method: 'POST', path: '/api/storage/token', expect: signedIn(200) },
  { method: 'GET', path: '/api/me/storage', expect: signedIn(200) },
  {
    method: 'GET',
    path: '/v0/b/:bucket/o?prefix=itineraries/:id/',
    expect: storageRead,
  },
  {
    method: 'POST',
    path: '/v0/b/:bucket/o?name=itineraries/:id/photos/new.png',
    expect: storageWrite(200),
    send: sendUpload,
  },
  {
    method: 'PUT',
    path: '/v0/b/:bucket/o?upload_id=:uploadId',
    // Only the traveller who started an upload may send its bytes (and only while allowed).
    expect: [401, 403, 401, 403, 403, 200, 403],
    prepare: uploadSession,
    send: sendChunk,
  },
  { method: 'GET', path: '/v0/b/:bucket/o/:object', expect: storageRead, prepare: photoObject },
  {
    method: 'PATCH',
    path: '/v0/b/:bucket/o/:object',
    expect: storageWrite(200),
    prepare: photoObject,
    payload: () => ({ customMetadata: { rating: '5' } }),
  },
  {
    method: 'DELETE',
    path: '/v0/b/:bucket/o/:object',
    expect: storageWrite(204),
    prepare: photoObject,
  },
  {
    method: 'POST',
    path: '/v0/b/:bucket/o/:object?create_token=true',
    expect: storageWrite(200),
    prepare: photoObject,
  },
  // --- administration ---
  { method: 'GET', path: '/api/admin/outbox', expect: adminOnly(200) },
  { method: 'GET', path: '/api/admin/outbox/:file', expect: adminOnly(200), prepare: outboxFile },
  // --- contact: anyone may write; only admins read, answer and close ---
  {
    method: 'POST',
    path: '/api/contact',
    expect: everyone(201),
    payload: (_params, caller) => ({
      name: 'Matrix',
      email: uniqueEmail(caller.replace(' ', '-')),
      topic: 'question',
      message: 'Is this installation open to everyone?',
      consent: true,
      fillMs: 10_000,
    }),
  },
  // A strict query schema refuses the unknown `share` parameter (400) before any authorisation.
  { method: 'GET', path: '/api/admin/contact-messages', expect: adminOnly(200, 400) },
  {
    method: 'POST',
    path: '/api/admin/contact-messages/:messageId/replies',
    expect: adminOnly(201),
    prepare: contactMessage,
    payload: () => ({ body: 'Thank you for writing.' }),
  },
  {
    method: 'PATCH',
    path: '/api/admin/contact-messages/:messageId',
    expect: adminOnly(200),
    prepare: contactMessage,
    payload: () => ({ status: 'handled', version: 1 }),
  },
];

async function createLink(id: string): Promise<ShareLink & { token: string }> {
  const response = await api(users.owner, 'POST', `/api/itineraries/${id}/share-links`, {
    payload: {},
  });
  const created = expectStatus<ShareLink>(response, 201);
  return { ...created, token: new URL(created.url ?? '').searchParams.get('share') ?? '' };
}

beforeAll(async () => {
  test = await startItineraryTest();
  api = apiFor(test.testApp);
  await test.testApp.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(test.testApp.app.server.address() as AddressInfo).port}`;
  const names = ['stranger', 'viewer', 'editor', 'owner', 'target', 'admin'] as const;
  const created = await Promise.all(names.map((name) => createSignedInUser(test.testApp, name)));
  names.forEach((name, index) => {
    const account = created[index];
    if (account) users[name] = account;
  });
  await makeAdmin(test.testApp, users.admin);
  const presets = expectStatus<{ items: PresetSummary[] }>(
    await api(null, 'GET', '/api/presets?limit=100'),
    200,
  ).items;
  const free = presets.find((candidate) => !candidate.premium);
  if (!free) throw new Error('the catalogue has no free Jammy itinerary');
  presetId = free.id;
  const premium = presets.find((candidate) => candidate.id !== free.id);
  if (!premium) throw new Error('the catalogue has only one Jammy itinerary');
  await test.testApp.database.db
    .update(presetTable)
    .set({ premium: true })
    .where(eq(presetTable.id, premium.id));
  premiumId = premium.id;
}, 60_000);

afterAll(async () => {
  await test?.close();
});

/** A fresh itinerary of `owner` with a viewer, an editor and the target member. */
async function world(): Promise<string> {
  const trip = await createItinerary(test.testApp, users.owner, { title: 'Matrix' });
  await addMember(test.testApp, trip.id, users.viewer.id, 'viewer');
  await addMember(test.testApp, trip.id, users.editor.id, 'editor');
  await addMember(test.testApp, trip.id, users.target.id, 'viewer');
  return trip.id;
}

/** Every route of the app under /api, as `METHOD /path`, from Fastify's own route tree. */
function appRoutes(): string[] {
  const printed = test.testApp.app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of printed.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(match[2] ?? '');
    // The printed tree splits a wildcard from its slash: `/o` + `*` is `/o/*`.
    const path = stack.join('').replace(/([^/])\*$/, '$1/*');
    // better-auth's own routes are covered by its tests and the fuzz suite; the docs UI is static.
    if (!match[3] || !/^\/(api|v0)\//.test(path) || /^\/api\/(auth|docs)\b/.test(path)) continue;
    if (path === '/api/openapi.json') continue;
    for (const method of match[3].split(', ')) {
      if (method !== 'HEAD') routes.push(`${method} ${path}`);
    }
  }
  return routes.sort();
}

const routeOf = (row: Row) =>
  `${row.method} ${row.path
    .replace(/\?.*$/, '')
    .replace(/:(presetId|productId|orderId)/, ':id')
    .replace(':object', '*')}`;

async function callerAccount(row: Row, caller: Caller): Promise<SignedInUser | null> {
  if (caller === 'anonymous' || caller === 'link holder') return null;
  if (!row.consumesCaller) return users[caller];
  const fresh = await createSignedInUser(test.testApp, caller);
  return caller === 'admin' ? makeAdmin(test.testApp, fresh) : fresh;
}

async function answerOf(row: Row, caller: Caller): Promise<{ status: number; body: string }> {
  const id = await world();
  const params: Params = { id, bucket: 'jammy', ...(await row.prepare?.(id, caller)) };
  let url = row.path.replace(/:(\w+)/g, (_, name: string) => params[name] ?? `:${name}`);
  if (caller === 'link holder') {
    const { token } = await createLink(id);
    url += `${url.includes('?') ? '&' : '?'}share=${token}`;
  }
  const account = await callerAccount(row, caller);
  if (row.path.endsWith('/events')) {
    const stream = await openEventStream(
      `${base}${url}`,
      account ? { cookie: account.cookie } : {},
    );
    stream.close();
    return { status: stream.status, body: '' };
  }
  if (row.send) return { status: await row.send(url, account), body: '' };
  const payload = row.payload?.(params, caller);
  const response = await api(account, row.method, url, payload ? { payload } : {});
  return { status: response.statusCode, body: response.body };
}

describe('authorisation matrix', () => {
  it('has a row for every route of the app, and only for those', () => {
    const table = TABLE.map(routeOf).sort();
    expect(new Set(table).size).toBe(table.length);
    expect(appRoutes()).toEqual(table);
  });

  for (const row of TABLE) {
    it(`${row.method} ${row.path}`, async () => {
      const actual: Record<string, number> = {};
      const seen: Record<string, string> = {};
      for (const caller of CALLERS) {
        const answer = await answerOf(row, caller);
        actual[caller] = answer.status;
        seen[caller] = answer.status === 200 && row.sees ? row.sees.of(answer.body) : '-';
      }
      const expected = Object.fromEntries(
        CALLERS.map((caller, index) => [caller, row.expect[index]]),
      );
      expect(actual).toEqual(expected);
      if (row.sees) {
        const sees = row.sees.expect;
        expect(seen).toEqual(Object.fromEntries(CALLERS.map((caller, i) => [caller, sees[i]])));
      }
    });
  }
});
