import type { InboxItem } from '@jammy/shared/inbox';
import type { Itinerary } from '@jammy/shared/itineraries';
import { expect } from 'vitest';
import { expectError, expectFieldError, expectStatus } from '../../../test/expect';
import { createBooking } from '../../../test/factories';
import { serverTest } from '../../../test/fixture';
import {
  accept,
  bookingsOf,
  corpusFile,
  MAIL,
  PASS,
  tripWithDays,
  upload,
  uploadMail,
} from './inbox.test-helpers';

const test = serverTest();

test('an uploaded confirmation lands on the trip of its days and, accepted, is a booking at its local times', async ({
  owner,
}) => {
  const tokyo = await tripWithDays(owner, 'Tokyo', '2027-04-03', '2027-04-12');
  await tripWithDays(owner, 'Lisbon', '2027-06-18', '2027-06-26');
  const item = await uploadMail(owner, 'flight-json-ld.eml');
  expect(item).toMatchObject({
    origin: 'upload',
    fileName: 'flight-json-ld.eml',
    from: 'bookings@skyline-air.example',
    state: 'new',
    trip: { itineraryId: tokyo.id, chosen: false },
  });
  expect(item.proposals[0]?.sources.startZone).toEqual({ kind: 'airport-table', at: 'FCO' });
  expect(await bookingsOf(owner, tokyo.id)).toEqual([]);

  const accepted = expectStatus<InboxItem>(await accept(owner, item), 200);
  expect(accepted.state).toBe('accepted');
  const [booking] = await bookingsOf(owner, tokyo.id);
  expect(accepted.acceptedInto).toEqual({ itineraryId: tokyo.id, bookingIds: [booking?.id] });
  expect(booking).toMatchObject({
    kind: 'flight',
    title: 'SK 784 FCO–NRT',
    startAt: '2027-04-03T13:05',
    startZone: 'Europe/Rome',
    endAt: '2027-04-04T08:45',
    endZone: 'Asia/Tokyo',
    confirmationCode: 'RX7K2Q',
    costMinor: 61240,
    currency: 'EUR',
  });
  // Accepted once: a second accept is a conflict, not a second booking.
  expectError(await accept(owner, accepted), 409, 'conflict');
  expect(await bookingsOf(owner, tokyo.id)).toHaveLength(1);
});

test('items are their traveller’s alone: a stranger can neither read nor change them', async ({
  owner,
  as,
}) => {
  const item = await uploadMail(owner, 'hotel-json-ld.eml');
  const stranger = await as('stranger');
  const url = `/api/inbox/items/${item.id}`;
  expectError(await stranger.get(url), 404, 'inbox/item-not-found');
  expectError(await stranger.patch(url, { itineraryId: null }), 404, 'inbox/item-not-found');
  expectError(
    await stranger.post(`${url}/accept`, { newTrip: { title: 'Mine' } }),
    404,
    'inbox/item-not-found',
  );
  expectError(await stranger.post(`${url}/undo`), 404, 'inbox/item-not-found');
  expectError(await stranger.delete(url), 404, 'inbox/item-not-found');
  const theirs = expectStatus<{ items: InboxItem[] }>(await stranger.get('/api/inbox'), 200);
  expect(theirs.items.map((one) => one.id)).not.toContain(item.id);
  expect((await stranger.delete('/api/inbox')).statusCode).toBe(204);
  expectError(await (await as('anonymous')).get(url), 401, 'auth/unauthenticated');
  // Still there, unchanged, for its traveller.
  expect(expectStatus<InboxItem>(await owner.get(url), 200)).toMatchObject({
    id: item.id,
    version: 1,
  });
});

test('several bookings of one mail go to a new trip once each has what a booking needs', async ({
  owner,
}) => {
  const item = await uploadMail(owner, 'trip-package.eml');
  expect(item.proposals.map((proposal) => proposal.kind)).toEqual([
    'flight',
    'accommodation',
    'car-rental',
  ]);
  // The car's pick-up named no place: its times have no zone yet.
  expectFieldError(
    await accept(owner, item, { newTrip: { title: 'Lisbon' } }),
    'proposals.2.startZone',
  );

  const edits = item.proposals.map((proposal) => ({ kind: proposal.kind }));
  edits[2] = { kind: 'car-rental', startZone: 'Europe/Lisbon', endZone: 'Europe/Lisbon' } as never;
  const edited = expectStatus<InboxItem>(
    await owner.patch(`/api/inbox/items/${item.id}`, { proposals: edits, version: item.version }),
    200,
  );
  expect(edited.proposals[2]?.sources.startZone).toEqual({ kind: 'edited', at: 'startZone' });
  // The version it read is stale now.
  expectError(
    await owner.patch(`/api/inbox/items/${item.id}`, { itineraryId: null, version: 1 }),
    409,
    'conflict',
  );

  const accepted = expectStatus<InboxItem>(
    await accept(owner, edited, { newTrip: { title: 'Lisbon' } }),
    200,
  );
  const tripId = accepted.acceptedInto?.itineraryId ?? '';
  const tree = expectStatus<{ itinerary: Itinerary }>(
    await owner.get(`/api/itineraries/${tripId}`),
    200,
  );
  expect(tree.itinerary).toMatchObject({
    title: 'Lisbon',
    startDate: '2027-06-18',
    endDate: '2027-06-26',
  });
  const made = await bookingsOf(owner, tripId);
  expect(made.map((booking) => [booking.kind, booking.startAt, booking.startZone])).toEqual([
    ['flight', '2027-06-18T07:15', 'Europe/Berlin'],
    ['accommodation', '2027-06-18T15:00', 'Europe/Lisbon'],
    ['car-rental', '2027-06-22T12:00', 'Europe/Lisbon'],
  ]);
});

test('an item is moved to a trip of the traveller’s choice, never to one they may not edit', async ({
  owner,
  trip,
  as,
}) => {
  const item = await uploadMail(owner, 'restaurant-microdata.eml');
  expect(item.trip?.chosen ?? false).toBe(false);
  const moved = expectStatus<InboxItem>(
    await owner.patch(`/api/inbox/items/${item.id}`, { itineraryId: trip.id }),
    200,
  );
  expect(moved.trip).toMatchObject({ itineraryId: trip.id, title: 'Trip', chosen: true });
  const stranger = await as('stranger');
  const theirs = await tripWithDays(stranger, 'Not yours', '2027-04-01', '2027-04-30');
  expectFieldError(
    await owner.patch(`/api/inbox/items/${item.id}`, { itineraryId: theirs.id }),
    'itineraryId',
  );
  expectFieldError(await accept(owner, moved, { itineraryId: theirs.id }), 'itineraryId');
  expect(await bookingsOf(stranger, theirs.id)).toEqual([]);
});

test('a booking the traveller has already is named as a duplicate', async ({ server }) => {
  // A traveller of their own: the file's owner has this flight from the inbox already.
  const owner = await server.traveller({ label: 'duplicates' });
  const trip = await tripWithDays(owner, 'Japan', '2027-04-01', '2027-04-20');
  const existing = await createBooking(owner, trip.id, {
    kind: 'flight',
    title: 'To Tokyo',
    carrier: 'Skyline Air',
    confirmationCode: 'rx7k2q',
  });
  const item = await uploadMail(owner, 'flight-json-ld.eml');
  expect(item.proposals[0]?.duplicateOf).toEqual({
    bookingId: existing.id,
    itineraryId: trip.id,
    title: 'To Tokyo',
  });
});

test('wallet passes, calendars, PDFs and pasted text arrive as items', async ({ owner }) => {
  const pass = await upload(owner, corpusFile('boarding-pass.pkpass'), PASS, 'pass.pkpass');
  expect(pass.proposals[0]?.values).toMatchObject({
    number: 'TP 557',
    startAt: '2027-06-18T07:15',
  });
  const calendar = await upload(
    owner,
    Buffer.from(
      'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//EN\r\nBEGIN:VEVENT\r\nUID:1@test\r\nDTSTAMP:20270101T000000Z\r\n' +
        'DTSTART;TZID=Europe/Rome:20270412T095000\r\nDTEND;TZID=Europe/Rome:20270412T112600\r\nSUMMARY:Train to Florence\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n',
    ),
    'text/calendar',
  );
  expect(calendar.proposals[0]).toMatchObject({
    values: { title: 'Train to Florence', startAt: '2027-04-12T09:50', startZone: 'Europe/Rome' },
    sources: { startAt: { kind: 'calendar', at: 'VEVENT 1' } },
  });
  const pdf = await upload(owner, corpusFile('boarding-pass.pdf'), 'application/pdf', 'ticket.pdf');
  expect(pdf.attachments).toMatchObject([{ contentType: 'application/pdf', name: 'ticket.pdf' }]);
  // Read from the PDF417 code of the PDF's picture.
  expect(pdf.proposals[0]?.values).toMatchObject({ number: 'TP 557', confirmationCode: 'K4TZ8W' });
  expect(pdf.attachments[0]?.path).toMatch(/^users\/[0-9a-f-]+\/inbox\/[0-9a-f-]+\/1-ticket\.pdf$/);
  const pasted = expectStatus<InboxItem>(
    await owner.post('/api/inbox/text', {
      text: 'Booking reference LX4QH2, Paris (CDG) → Montréal (YUL), 3 May 2027 13:40',
    }),
    201,
  );
  expect(pasted.origin).toBe('paste');
  expect(pasted.clues.codes.map((clue) => clue.value)).toEqual(['LX4QH2']);
  expect(pasted.clues.airports.map((airport) => airport.zone)).toEqual([
    'Europe/Paris',
    'America/Toronto',
  ]);
});

test('what the inbox cannot take is refused with the reason', async ({ owner, server }) => {
  expectError(
    await owner.post('/api/inbox/items', Buffer.alloc(11 * 1024 * 1024, 65), {
      headers: { 'content-type': MAIL },
    }),
    413,
    'request/too-large',
  );
  expectError(
    await owner.post('/api/inbox/items', Buffer.from('GIF89a'), {
      headers: { 'content-type': 'image/gif' },
    }),
    415,
    'request/unsupported-media-type',
  );
  expectError(
    await owner.post('/api/inbox/items', corpusFile('binary-garbage.bin'), {
      headers: { 'content-type': 'application/octet-stream' },
    }),
    415,
    'request/unsupported-media-type',
  );
  const calendar = expectError(
    await owner.post('/api/inbox/items', Buffer.from('BEGIN:VCALENDAR\r\nnonsense\r\n'), {
      headers: { 'content-type': 'text/calendar' },
    }),
    400,
    'request/invalid',
  );
  expect(calendar.error.message).toBe('line 2: is not a calendar line (NAME:value)');
  expectFieldError(await owner.post('/api/inbox/text', { text: '   ' }), 'text');
  // At most so many arrivals an hour, for a traveller of their own here.
  const busy = await server.traveller({ label: 'busy' });
  for (let index = 0; index < 60; index += 1) {
    expectStatus(await busy.post('/api/inbox/text', { text: `Booking ${index}` }), 201);
  }
  const refused = await busy.post('/api/inbox/text', { text: 'One more' });
  expectError(refused, 429, 'request/rate-limited');
  expect(refused.headers['retry-after']).toBe('3600');
});
