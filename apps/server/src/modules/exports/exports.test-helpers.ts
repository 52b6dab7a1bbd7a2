import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gpx as gpxToGeoJson } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import type { Place, Stage } from '@jammy/shared/itineraries';
import type { ShareLink } from '@jammy/shared/sharing';
import ICAL from 'ical.js';
import { uuidv7 } from 'uuidv7';
import { expect } from 'vitest';
import type { HTTPMethods } from 'fastify';
import { call, type CallOptions, type SignedInUser, type Traveller } from '../../../test/clients';
import { expectStatus } from '../../../test/expect';
import {
  createItinerary,
  createList,
  createListItem,
  createNote,
  createPlace,
  createStage,
} from '../../../test/factories';
import { addMember } from '../../../test/itinerary-helpers';
import type { TestServer } from '../../../test/server';
import { booking } from '../../db/schema/bookings';

/** The trip every export test reads: two stages, places, a note, a list, bookings, a link. */
export interface ExportTrip {
  /** An /api request to the file's server as `user` (anonymous when null). */
  api: (
    user: SignedInUser | null,
    method: HTTPMethods,
    url: string,
    options?: CallOptions,
  ) => ReturnType<typeof call>;
  owner: Traveller;
  viewer: Traveller;
  stranger: Traveller;
  itineraryId: string;
  shareToken: string;
  rome: Stage;
  london: Stage;
  colosseum: Place;
  forum: Place;
  bookingIds: { spring: string; autumn: string; crossZone: string; lisbon: string };
}

/** Makes the export trip on `server` (in test.beforeAll: every test of a file reads it). */
export async function makeExportTrip(server: TestServer): Promise<ExportTrip> {
  const bookingIds = { spring: uuidv7(), autumn: uuidv7(), crossZone: uuidv7(), lisbon: uuidv7() };
  const api: ExportTrip['api'] = (user, method, url, options) =>
    call(server, user, method, url, options);
  const [owner, viewer, stranger] = await Promise.all([
    server.traveller({ label: 'owner' }),
    server.traveller({ label: 'viewer' }),
    server.traveller({ label: 'stranger' }),
  ]);
  const trip = await createItinerary(owner, {
    title: 'Rome & London',
    timezone: 'Europe/Rome',
  });
  const itineraryId = trip.id;
  await addMember(server, itineraryId, viewer.id, 'viewer');
  const rome = await createStage(owner, itineraryId, {
    title: 'Rome',
    destinationName: 'Roma',
    lat: 41.9028,
    lng: 12.4964,
    startDate: '2027-03-20',
    endDate: '2027-03-27',
  });
  const london = await createStage(owner, itineraryId, {
    title: 'London',
    startDate: '2027-03-28',
  });
  const colosseum = await createPlace(owner, itineraryId, {
    stageId: rome.id,
    name: 'Colosseo <&> "arena"',
    category: 'sight',
    lat: 41.8902,
    lng: 12.4922,
    day: '2027-03-21',
    time: '09:30',
    durationMinutes: 120,
  });
  const forum = await createPlace(owner, itineraryId, {
    stageId: rome.id,
    name: 'Foro Romano',
    category: 'sight',
    lat: 41.8925,
    lng: 12.4853,
  });
  await createPlace(owner, itineraryId, { stageId: london.id, name: 'Somewhere' });
  await createNote(owner, itineraryId, { title: 'Secret', body: 'door code 1234' });
  const list = await createList(owner, itineraryId, {
    title: 'Pack',
    kind: 'packing',
  });
  await createListItem(owner, itineraryId, list.id, 'Passport');
  const common = { itineraryId, notes: '' };
  await server.database.db.insert(booking).values([
    {
      ...common,
      id: bookingIds.spring,
      kind: 'flight',
      title: 'Flight to Rome',
      carrier: 'BA',
      number: '548',
      fromName: 'London Heathrow',
      fromLat: 51.47,
      fromLng: -0.4543,
      toName: 'Roma Fiumicino',
      toLat: 41.8003,
      toLng: 12.2389,
      // The night the clocks go forward in London: 01:30 does not exist there.
      startAt: '2027-03-28 01:30:00',
      startZone: 'Europe/London',
      endAt: '2027-03-28 06:10:00',
      endZone: 'Europe/Rome',
      confirmationCode: 'ABC123',
    },
    {
      ...common,
      id: bookingIds.autumn,
      kind: 'train',
      title: 'Night train',
      // The night the clocks go back: 01:30 happens twice.
      startAt: '2027-10-31 01:30:00',
      startZone: 'Europe/London',
      endAt: '2027-10-31 03:00:00',
      endZone: 'Europe/London',
    },
    {
      ...common,
      id: bookingIds.crossZone,
      kind: 'flight',
      title: 'Flight to Tokyo',
      startAt: '2027-04-01 08:30:00',
      startZone: 'Europe/Rome',
      endAt: '2027-04-02 06:05:00',
      endZone: 'Asia/Tokyo',
    },
    {
      ...common,
      id: bookingIds.lisbon,
      kind: 'flight',
      title: 'Lisbon to Tokyo',
      startAt: '2027-04-05 11:00:00',
      startZone: 'Europe/Lisbon',
      endAt: '2027-04-06 13:30:00',
      endZone: 'Asia/Tokyo',
    },
  ]);
  const link = expectStatus<ShareLink>(
    await api(owner, 'POST', `/api/itineraries/${itineraryId}/share-links`, { payload: {} }),
    201,
  );
  const shareToken = new URL(link.url ?? '').searchParams.get('share') ?? '';
  return {
    api,
    owner,
    viewer,
    stranger,
    itineraryId,
    shareToken,
    rome,
    london,
    colosseum,
    forum,
    bookingIds,
  };
}

/** The GPX 1.1 schema (Topografix's gpx.xsd, see the fixture's README). */
const GPX_SCHEMA = fileURLToPath(
  new URL('../../../test/fixtures/exports/gpx-1.1.xsd', import.meta.url),
);

/** Checks a GPX document against the GPX 1.1 schema with libxml2's xmllint (fails without it). */
export async function expectValidGpx(text: string): Promise<void> {
  const file = join(tmpdir(), `jammy-export-${uuidv7()}.gpx`);
  await writeFile(file, text);
  const result = await promisify(execFile)('xmllint', ['--noout', '--schema', GPX_SCHEMA, file])
    .then(({ stderr }) => ({ valid: true, stderr }))
    .catch((error: { stderr?: string; message: string }) => ({
      valid: false,
      stderr: error.stderr || error.message,
    }));
  expect(result.stderr).toContain('validates');
  expect(result.valid).toBe(true);
}

/** A GPX document's features as another program reads them (togeojson). */
export function readGpx(text: string) {
  return gpxToGeoJson(new DOMParser().parseFromString(text, 'text/xml')).features;
}

/** A calendar's text with its folded lines (75 octets at most) joined again. */
export function unfold(text: string): string {
  return text.replace(/\r\n[ \t]/g, '');
}

/** Parses a calendar with ical.js, registering its VTIMEZONEs so TZIDs resolve. */
export function parseCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) {
    ICAL.TimezoneService.register(zone);
  }
  const events = calendar
    .getAllSubcomponents('vevent')
    .map((component) => new ICAL.Event(component));
  return { calendar, events, byUid: (uid: string) => events.find((event) => event.uid === uid) };
}
