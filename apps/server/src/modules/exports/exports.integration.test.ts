import type { CalendarFeed, CalendarFeedState } from '@jammy/shared/exports';
import { itineraryExportSchema } from '@jammy/shared/exports';
import type { ItineraryTree, Place, Stage } from '@jammy/shared/itineraries';
import { and, eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { describe, expect } from 'vitest';
import type { Traveller } from '../../../test/clients';
import { expectFieldError, expectStatus } from '../../../test/expect';
import { createItinerary } from '../../../test/factories';
import { serverTest } from '../../../test/fixture';
import { addMember } from '../../../test/itinerary-helpers';
import type { TestServer } from '../../../test/server';
import { booking } from '../../db/schema/bookings';
import { itineraryMember } from '../../db/schema/itineraries';
import { parseCalendar, makeExportTrip, unfold, type ExportTrip } from './exports.test-helpers';

const test = serverTest({ mail: 'outbox' });
let server: TestServer;
let api: ExportTrip['api'];
let owner: Traveller;
let viewer: Traveller;
let stranger: Traveller;
let itineraryId: string;
let shareToken: string;
let rome: Stage;
let london: Stage;
let colosseum: Place;
let bookingIds: ExportTrip['bookingIds'];

test.beforeAll(async ({ server: fileServer }) => {
  server = fileServer;
  ({ api, owner, viewer, stranger, itineraryId, shareToken, rome, london, colosseum, bookingIds } =
    await makeExportTrip(server));
}, 60_000);

describe('ICS export', () => {
  test('writes stages as all-day events and bookings at their wall-clock times in their zones', async () => {
    const response = await api(owner, 'GET', `/api/itineraries/${itineraryId}/export.ics`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/calendar/);
    expect(response.headers['content-disposition']).toContain(
      'attachment; filename="Rome-London.ics"',
    );
    const host = server.config.baseUrl.hostname;
    const { calendar, byUid } = parseCalendar(response.body);

    const zones = calendar
      .getAllSubcomponents('vtimezone')
      .map((zone) => zone.getFirstPropertyValue('tzid'));
    // Arrival zones too: each DTEND has its own TZID, which needs its VTIMEZONE.
    expect(zones.sort()).toEqual(['Asia/Tokyo', 'Europe/Lisbon', 'Europe/London', 'Europe/Rome']);

    const romeEvent = byUid(`${rome.id}@${host}`);
    expect(romeEvent?.startDate.isDate).toBe(true);
    expect(romeEvent?.startDate.toString()).toBe('2027-03-20');
    // DTEND of an all-day event is exclusive: the day after the last one.
    expect(romeEvent?.endDate.toString()).toBe('2027-03-28');
    expect(romeEvent?.location).toBe('Roma');
    expect(romeEvent?.component.getFirstPropertyValue('geo')).toEqual([41.9028, 12.4964]);
    expect(romeEvent?.sequence).toBe(rome.version);
    const londonEvent = byUid(`${london.id}@${host}`);
    expect(londonEvent?.endDate.toString()).toBe('2027-03-29');

    const spring = byUid(`${bookingIds.spring}@${host}`);
    expect(spring?.startDate.zone?.tzid).toBe('Europe/London');
    // 01:30 does not exist that night; RFC 5545 §3.3.5 reads it with the offset before the
    // gap (01:30Z), which is 02:30 BST: written as the time it is, so every client agrees.
    expect(spring?.startDate.toString()).toBe('2027-03-28T02:30:00');
    expect(spring?.startDate.toJSDate().toISOString()).toBe('2027-03-28T01:30:00.000Z');
    // Lands 06:10 in Rome (CEST, +02:00) = 04:10Z, written in Rome's zone as on the ticket.
    expect(spring?.endDate.toJSDate().toISOString()).toBe('2027-03-28T04:10:00.000Z');
    expect(spring?.endDate.zone?.tzid).toBe('Europe/Rome');
    expect(spring?.endDate.toString()).toBe('2027-03-28T06:10:00');
    expect(spring?.description).toContain('BA 548');
    expect(spring?.description).toContain('Confirmation: ABC123');
    expect(spring?.description).toContain(
      '2027-03-28 01:30 Europe/London – 2027-03-28 06:10 Europe/Rome',
    );
    expect(spring?.location).toBe('London Heathrow');

    const autumn = byUid(`${bookingIds.autumn}@${host}`);
    // 01:30 happens twice that night; RFC 5545 means the first (BST, 00:30Z) but readers
    // differ, so that one is written in UTC, and the ticket's time is in the description.
    expect(autumn?.startDate.toJSDate().toISOString()).toBe('2027-10-31T00:30:00.000Z');
    expect(autumn?.startDate.zone?.tzid).toBe('UTC');
    expect(autumn?.endDate.toJSDate().toISOString()).toBe('2027-10-31T03:00:00.000Z');
    expect(autumn?.description).toContain('2027-10-31 01:30 Europe/London');

    const tokyo = byUid(`${bookingIds.crossZone}@${host}`);
    expect(tokyo?.startDate.toJSDate().toISOString()).toBe('2027-04-01T06:30:00.000Z');
    expect(tokyo?.endDate.toJSDate().toISOString()).toBe('2027-04-01T21:05:00.000Z');
    expect(tokyo?.endDate.zone?.tzid).toBe('Asia/Tokyo');
    expect(tokyo?.endDate.toString()).toBe('2027-04-02T06:05:00');

    // Lisbon (WEST, +01:00) 11:00 = 10:00Z; Tokyo (+09:00) 13:30 the next day = 04:30Z.
    const lisbon = byUid(`${bookingIds.lisbon}@${host}`);
    expect(lisbon?.startDate.zone?.tzid).toBe('Europe/Lisbon');
    expect(lisbon?.startDate.toString()).toBe('2027-04-05T11:00:00');
    expect(lisbon?.startDate.toJSDate().toISOString()).toBe('2027-04-05T10:00:00.000Z');
    expect(lisbon?.endDate.zone?.tzid).toBe('Asia/Tokyo');
    expect(lisbon?.endDate.toString()).toBe('2027-04-06T13:30:00');
    expect(lisbon?.endDate.toJSDate().toISOString()).toBe('2027-04-06T04:30:00.000Z');
    expect(response.body).toContain('DTEND;TZID=Asia/Tokyo:20270406T133000\r\n');
    expect(response.body).not.toContain('X-JAMMY');

    const place = byUid(`${colosseum.id}@${host}`);
    expect(place?.startDate.zone?.tzid).toBe('Europe/Rome');
    expect(place?.startDate.toString()).toBe('2027-03-21T09:30:00');
    expect(place?.endDate.toString()).toBe('2027-03-21T11:30:00');
    expect(place?.summary).toBe('Colosseo <&> "arena"');
  });

  test('bumps SEQUENCE and LAST-MODIFIED when a stage changes, under the same UID', async () => {
    const changed = expectStatus<Stage>(
      await api(owner, 'PATCH', `/api/itineraries/${itineraryId}/stages/${london.id}`, {
        payload: { title: 'London!', version: london.version },
      }),
      200,
    );
    london = changed;
    const response = await api(owner, 'GET', `/api/itineraries/${itineraryId}/export.ics`);
    const event = parseCalendar(response.body).byUid(
      `${london.id}@${server.config.baseUrl.hostname}`,
    );
    expect(event?.summary).toBe('London!');
    expect(event?.sequence).toBe(changed.version);
    expect(event?.component.getFirstPropertyValue('last-modified')?.toString()).toBe(
      changed.updatedAt.replace(/\.\d+Z$/, 'Z'),
    );
  });

  test('writes an all-day booking as an all-day event (VALUE=DATE, DTEND exclusive)', async () => {
    const id = uuidv7();
    const { db } = server.database;
    await db.insert(booking).values({
      id,
      itineraryId,
      notes: '',
      kind: 'accommodation',
      title: 'Hotel Artemide',
      startDate: '2027-03-20',
      endDate: '2027-03-22',
    });
    try {
      const response = await api(owner, 'GET', `/api/itineraries/${itineraryId}/export.ics`);
      const event = parseCalendar(response.body).byUid(`${id}@${server.config.baseUrl.hostname}`);
      expect(event?.startDate.isDate).toBe(true);
      expect(event?.startDate.toString()).toBe('2027-03-20');
      expect(event?.endDate.toString()).toBe('2027-03-23');
      expect(response.body).toContain('DTSTART;VALUE=DATE:20270320\r\n');
    } finally {
      await db.delete(booking).where(eq(booking.id, id));
    }
  });

  test('escapes the calendar name (NAME, X-WR-CALNAME) as text', async () => {
    const title = 'Rome, Paris; back\\slash';
    const trip = await createItinerary(owner, { title });
    const response = await api(owner, 'GET', `/api/itineraries/${trip.id}/export.ics`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('\r\nNAME:Rome\\, Paris\\; back\\\\slash\r\n');
    expect(response.body).toContain('\r\nX-WR-CALNAME:Rome\\, Paris\\; back\\\\slash\r\n');
  });

  test('hides confirmation codes from share-link holders; strangers get 404', async () => {
    const shared = await api(
      null,
      'GET',
      `/api/itineraries/${itineraryId}/export.ics?share=${shareToken}`,
    );
    expect(shared.statusCode).toBe(200);
    expect(unfold(shared.body)).toContain('BA 548');
    expect(unfold(shared.body)).not.toContain('ABC123');
    expect(
      (await api(stranger, 'GET', `/api/itineraries/${itineraryId}/export.ics`)).statusCode,
    ).toBe(404);
    expect((await api(null, 'GET', `/api/itineraries/${itineraryId}/export.ics`)).statusCode).toBe(
      401,
    );
  });
});

describe('JSON export', () => {
  test('is the itinerary document with notes, lists and bookings, as a download', async () => {
    const response = await api(owner, 'GET', `/api/itineraries/${itineraryId}/export.json`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('filename="Rome-London.json"');
    const exported = itineraryExportSchema.parse(response.json());
    const tree = expectStatus<ItineraryTree>(
      await api(owner, 'GET', `/api/itineraries/${itineraryId}`),
      200,
    );
    const { notes, lists, exportedAt, ...document } = exported;
    expect(document).toEqual(tree);
    const { bookings } = exported;
    expect(notes.map((row) => row.body)).toEqual(['door code 1234']);
    expect(lists[0]?.items.map((item) => item.text)).toEqual(['Passport']);
    expect(bookings.map((row) => row.startAt)).toEqual([
      '2027-03-28T01:30',
      '2027-04-01T08:30',
      '2027-04-05T11:00',
      '2027-10-31T01:30',
    ]);
    expect(bookings[0]?.confirmationCode).toBe('ABC123');
    expect(Date.parse(exportedAt)).not.toBeNaN();
  });

  test('is for members only', async () => {
    const url = `/api/itineraries/${itineraryId}/export.json`;
    expect((await api(viewer, 'GET', url)).statusCode).toBe(200);
    expect((await api(stranger, 'GET', url)).statusCode).toBe(404);
    expect((await api(null, 'GET', `${url}?share=${shareToken}`)).statusCode).toBe(401);
  });
});

describe('calendar feed', () => {
  const feedPath = () => `/api/itineraries/${itineraryId}/calendar-feed`;
  const feedUrl = (feed: CalendarFeed) => new URL(feed.url ?? '').pathname;

  test('lets a viewer make a feed that calendar apps read without a session, until it is revoked', async () => {
    expect(
      expectStatus<CalendarFeedState>(await api(viewer, 'GET', feedPath()), 200).feed,
    ).toBeNull();
    const feed = expectStatus<CalendarFeed>(await api(viewer, 'POST', feedPath()), 201);
    expect(feed.url).toMatch(/^http:\/\/localhost:\d+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const read = await api(null, 'GET', feedUrl(feed));
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toMatch(/^text\/calendar/);
    const { events } = parseCalendar(read.body);
    expect(events.length).toBeGreaterThanOrEqual(5);
    // Confirmation codes stay out unless the member asked for them when making the feed.
    expect(feed.includeConfirmationCodes).toBe(false);
    expect(unfold(read.body)).toContain('BA 548');
    expect(unfold(read.body)).not.toContain('ABC123');
    // The address is never repeated; reading it is noted.
    const state = expectStatus<CalendarFeedState>(await api(viewer, 'GET', feedPath()), 200);
    expect(state.feed).toMatchObject({ id: feed.id, url: null });
    expect(state.feed?.lastReadAt).not.toBeNull();

    // A new address replaces the old one.
    const renewed = expectStatus<CalendarFeed>(await api(viewer, 'POST', feedPath()), 201);
    expect((await api(null, 'GET', feedUrl(feed))).statusCode).toBe(404);
    expect((await api(null, 'GET', feedUrl(renewed))).statusCode).toBe(200);

    expect((await api(viewer, 'DELETE', feedPath())).statusCode).toBe(204);
    const revoked = await api(null, 'GET', feedUrl(renewed));
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json()).toMatchObject({ error: { code: 'calendar-feed/not-found' } });
    expect(
      expectStatus<CalendarFeedState>(await api(viewer, 'GET', feedPath()), 200).feed,
    ).toBeNull();
  });

  test('carries confirmation codes only when asked to when it is made', async () => {
    const feed = expectStatus<CalendarFeed>(
      await api(owner, 'POST', feedPath(), { payload: { includeConfirmationCodes: true } }),
      201,
    );
    expect(feed.includeConfirmationCodes).toBe(true);
    expect(unfold((await api(null, 'GET', feedUrl(feed))).body)).toContain('Confirmation: ABC123');
    expect(
      expectStatus<CalendarFeedState>(await api(owner, 'GET', feedPath()), 200).feed,
    ).toMatchObject({ includeConfirmationCodes: true });

    // A new address is made with the choice asked again: off unless said.
    const renewed = expectStatus<CalendarFeed>(
      await api(owner, 'POST', feedPath(), { payload: {} }),
      201,
    );
    expect(renewed.includeConfirmationCodes).toBe(false);
    expect(unfold((await api(null, 'GET', feedUrl(renewed))).body)).not.toContain('ABC123');

    expectFieldError(
      await api(owner, 'POST', feedPath(), { payload: { includeConfirmationCodes: 'yes' } }),
      'includeConfirmationCodes',
    );
    await api(owner, 'DELETE', feedPath());
  });

  test('is refused to strangers and share-link holders; unknown tokens get 404', async () => {
    expect((await api(stranger, 'POST', feedPath())).statusCode).toBe(404);
    expect((await api(null, 'POST', `${feedPath()}?share=${shareToken}`)).statusCode).toBe(401);
    expect((await api(null, 'GET', `/api/calendar/${'x'.repeat(43)}.ics`)).statusCode).toBe(404);
  });

  test('stops working when its creator leaves the trip', async () => {
    const leaver = await server.traveller({ label: 'leaver' });
    await addMember(server, itineraryId, leaver.id, 'editor');
    const feed = expectStatus<CalendarFeed>(await api(leaver, 'POST', feedPath()), 201);
    expect((await api(null, 'GET', feedUrl(feed))).statusCode).toBe(200);
    await server.database.db
      .delete(itineraryMember)
      .where(
        and(eq(itineraryMember.itineraryId, itineraryId), eq(itineraryMember.userId, leaver.id)),
      );
    expect((await api(null, 'GET', feedUrl(feed))).statusCode).toBe(404);
  });
});
