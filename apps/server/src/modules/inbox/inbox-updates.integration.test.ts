import type { AddressInfo } from 'node:net';
import type { InboxItem } from '@jammy/shared/inbox';
import type { ActivityPage } from '@jammy/shared/sharing';
import { expect } from 'vitest';
import { expectError, expectStatus } from '../../../test/expect';
import { serverTest } from '../../../test/fixture';
import { openEventStream } from '../sharing/sse-client.test-helpers';
import {
  accept,
  bookingsOf,
  corpusFile,
  tripWithDays,
  upload,
  uploadMail,
} from './inbox.test-helpers';

const test = serverTest();

test('an update and a cancellation of a booking from the inbox apply at once, are in the activity and undo', async ({
  server,
}) => {
  const owner = await server.traveller({ label: 'updates' });
  const tokyo = await tripWithDays(owner, 'Tokyo', '2027-04-01', '2027-04-12');
  expectStatus(await accept(owner, await uploadMail(owner, 'flight-json-ld.eml')), 200);
  const [booking] = await bookingsOf(owner, tokyo.id);

  const update = await uploadMail(owner, 'flight-modified.eml');
  expect(update.proposals[0]?.applied).toEqual({
    bookingId: booking?.id,
    itineraryId: tokyo.id,
    title: 'SK 784 FCO–NRT',
    action: 'updated',
    undone: false,
  });
  expect(await bookingsOf(owner, tokyo.id)).toMatchObject([
    {
      id: booking?.id,
      startAt: '2027-04-03T14:20',
      endAt: '2027-04-04T10:00',
      startZone: 'Europe/Rome',
    },
  ]);
  const activity = expectStatus<ActivityPage>(
    await owner.get(`/api/itineraries/${tokyo.id}/activity`),
    200,
  );
  expect(activity.items[0]).toMatchObject({
    kind: 'booking.updated',
    data: { bookingId: booking?.id, inboxItemId: update.id, fields: ['startAt', 'endAt'] },
  });
  // An applied update is not offered for accepting again.
  expectError(await accept(owner, update), 400, 'request/invalid');

  const undone = expectStatus<InboxItem>(
    await owner.post(`/api/inbox/items/${update.id}/undo`),
    200,
  );
  expect(undone.proposals[0]?.applied?.undone).toBe(true);
  expect(await bookingsOf(owner, tokyo.id)).toMatchObject([
    { startAt: '2027-04-03T13:05', endAt: '2027-04-04T08:45' },
  ]);
  expectError(await owner.post(`/api/inbox/items/${update.id}/undo`), 409, 'inbox/not-undoable');

  const cancellation = await uploadMail(owner, 'flight-cancelled.eml');
  expect(cancellation.proposals[0]?.applied?.action).toBe('cancelled');
  expect(await bookingsOf(owner, tokyo.id)).toEqual([]);
  expectStatus(await owner.post(`/api/inbox/items/${cancellation.id}/undo`), 200);
  expect(await bookingsOf(owner, tokyo.id)).toMatchObject([
    { id: booking?.id, startAt: '2027-04-03T13:05' },
  ]);
});

test('an update for a booking the traveller made by hand is a proposal, never applied', async ({
  server,
}) => {
  const owner = await server.traveller({ label: 'by-hand' });
  const tokyo = await tripWithDays(owner, 'Tokyo', '2027-04-01', '2027-04-12');
  expectStatus(
    await owner.post(`/api/itineraries/${tokyo.id}/bookings`, {
      kind: 'flight',
      title: 'My flight',
      carrier: 'Skyline Air',
      confirmationCode: 'RX7K2Q',
      startDate: '2027-04-03',
    }),
    201,
  );
  const update = await uploadMail(owner, 'flight-modified.eml');
  expect(update.proposals[0]).toMatchObject({ status: 'modified', applied: null });
  expect(update.proposals[0]?.duplicateOf?.title).toBe('My flight');
  expect(await bookingsOf(owner, tokyo.id)).toMatchObject([
    { title: 'My flight', startDate: '2027-04-03' },
  ]);
});

test('an arriving item is told to the traveller’s open inbox stream, and to nobody else’s', async ({
  server,
  owner,
}) => {
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = server.app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/api/inbox/events`;
  const mine = await openEventStream(url, { cookie: owner.cookie });
  const stranger = await server.traveller({ label: 'watcher' });
  const theirs = await openEventStream(url, { cookie: stranger.cookie });
  const anonymous = await openEventStream(url);
  expect([mine.status, theirs.status, anonymous.status]).toEqual([200, 200, 401]);
  try {
    const item = expectStatus<InboxItem>(
      await owner.post('/api/inbox/text', { text: 'Booking ABC123' }),
      201,
    );
    const event = await mine.next((candidate) => candidate.event === 'inbox.item');
    expect(event.data).toEqual({ id: item.id });
    await expect(
      theirs.next((candidate) => candidate.event === 'inbox.item', 500),
    ).rejects.toThrow();
  } finally {
    mine.close();
    theirs.close();
    anonymous.close();
  }
});

test('the files an item keeps count against the quota, and go with the inbox', async ({
  server,
}) => {
  const owner = await server.traveller({ label: 'files' });
  const usage = async () =>
    expectStatus<{ usedBytes: number }>(await owner.get('/api/me/storage'), 200).usedBytes;
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  const item = await upload(owner, pdf, 'application/pdf', 'voucher.pdf');
  expect(await usage()).toBe(pdf.length);
  await uploadMail(owner, 'mail-with-pass.eml');
  expect((await owner.delete('/api/inbox')).statusCode).toBe(204);
  expect(await usage()).toBe(0);
  expectError(await owner.get(`/api/inbox/items/${item.id}`), 404, 'inbox/item-not-found');
  expect(expectStatus<{ items: InboxItem[] }>(await owner.get('/api/inbox'), 200).items).toEqual(
    [],
  );
});

test('a wallet pass kept with its mail arrives as the flight it holds', async ({ owner }) => {
  const item = await upload(owner, corpusFile('mail-with-pass.eml'), 'message/rfc822');
  expect(item.proposals[0]?.sources.confirmationCode).toEqual({
    kind: 'boarding-pass-barcode',
    at: 'barcodes[0].message PNR',
  });
  expect((await owner.delete(`/api/inbox/items/${item.id}`)).statusCode).toBe(204);
  expectError(await owner.delete(`/api/inbox/items/${item.id}`), 404, 'inbox/item-not-found');
});
