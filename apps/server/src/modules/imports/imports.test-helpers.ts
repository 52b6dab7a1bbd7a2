import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Itinerary } from '@jammy/shared/itineraries';
import type { ActivityPage } from '@jammy/shared/sharing';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ApiErrorBody } from '../../../test/auth-helpers';
import { callsTo, type SignedInUser, type Traveller } from '../../../test/clients';
import { expectStatus } from '../../../test/expect';
import type { ServerTest } from '../../../test/fixture';
import type { TestServer } from '../../../test/server';

const FIXTURES = path.join(import.meta.dirname, '../../../test/fixtures/imports');
export const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

export const GPX = 'application/gpx+xml';
export const KML = 'application/vnd.google-earth.kml+xml';
export const GEOJSON = 'application/geo+json';
export const ICS = 'text/calendar';

export const importsUrl = (trip: Itinerary, query = '') =>
  `/api/itineraries/${trip.id}/imports${query}`;

export function expectNoContent(response: { statusCode: number; body: string }) {
  expect(response.statusCode, response.body).toBe(204);
}

export function expectUnreadable(response: { statusCode: number; body: string }, where: RegExp) {
  expect(response.statusCode, response.body).toBe(400);
  const body = JSON.parse(response.body) as ApiErrorBody;
  expect(body.error.code).toBe('request/invalid');
  expect(body.error.message).toMatch(where);
  return body.error.message;
}

export let server: TestServer;
export let owner: Traveller;
export let viewer: Traveller;
export let stranger: Traveller;

/** Makes the three travellers an import test file uses before its first test. */
export function useImportsTest(test: ServerTest): void {
  test.beforeAll(async ({ server: fileServer }) => {
    server = fileServer;
    [owner, viewer, stranger] = await Promise.all([
      server.traveller({ label: 'importer' }),
      server.traveller({ label: 'import-viewer' }),
      server.traveller({ label: 'import-stranger' }),
    ]);
  });
}

/** An /api request as `user` (anonymous when null). */
export const as = callsTo(() => server);
export const db = () => server.database.db;

export function upload(
  user: SignedInUser | null,
  url: string,
  body: Buffer | string,
  contentType: string,
) {
  return as(user, 'POST', url, {
    payload: Buffer.isBuffer(body) ? body : Buffer.from(body),
    headers: { 'content-type': contentType },
  });
}

export async function counts(itineraryId: string) {
  const [row] = await db()
    .execute<{
      stages: number;
      places: number;
      routes: number;
      bookings: number;
      imports: number;
      events: number;
    }>(
      sql`select
    (select count(*)::int from stage where itinerary_id = ${itineraryId}) as stages,
    (select count(*)::int from place where itinerary_id = ${itineraryId}) as places,
    (select count(*)::int from stage_route where itinerary_id = ${itineraryId}) as routes,
    (select count(*)::int from booking where itinerary_id = ${itineraryId}) as bookings,
    (select count(*)::int from import_batch where itinerary_id = ${itineraryId}) as imports,
    (select count(*)::int from itinerary_event where itinerary_id = ${itineraryId}) as events`,
    )
    .then((result) => result.rows);
  return row;
}

export async function activity(itineraryId: string) {
  const page = expectStatus<ActivityPage>(
    await as(owner, 'GET', `/api/itineraries/${itineraryId}/activity`),
    200,
  );
  return page.items;
}
