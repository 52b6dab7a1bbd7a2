import type { FastifyInstance } from 'fastify';
import { generateNKeysBetween } from 'fractional-indexing';
import { uuidv7 } from 'uuidv7';
import type { Db } from '../src/db/client';
import { itinerary, itineraryMember, place, stage } from '../src/db/schema/itineraries';

// What `npm run bench` reads: one trip of STAGES × PLACES_PER_STAGE with a budget and bookings,
// a share link to it, and more trips of the owner to fill the list's pages.

export const STAGES = 10;
export const PLACES_PER_STAGE = 10;
export const EXPENSES = 30;
export const BOOKINGS = 12;

/** A request through the app, which must answer `status`; answers its JSON. */
async function send<T>(
  app: FastifyInstance,
  request: { method: 'POST'; url: string; cookie: string; origin: string; payload: object },
  status = 201,
): Promise<T> {
  const response = await app.inject({
    method: request.method,
    url: request.url,
    headers: { cookie: request.cookie, origin: request.origin },
    payload: request.payload,
  });
  if (response.statusCode !== status) {
    throw new Error(
      `${request.method} ${request.url} answered ${response.statusCode}: ${response.body}`,
    );
  }
  return response.json<T>();
}

/**
 * One itinerary through the API, then its STAGES × PLACES_PER_STAGE content in two bulk
 * inserts (110 API calls would take longer than the measurement on a busy machine).
 */
export async function seedItinerary(app: FastifyInstance, db: Db, cookie: string, origin: string) {
  const { id: itineraryId } = await send<{ id: string }>(app, {
    method: 'POST',
    url: '/api/itineraries',
    cookie,
    origin,
    payload: {
      title: 'Grand tour',
      description: 'Ten cities, ten places each',
      startDate: '2027-05-01',
      endDate: '2027-05-30',
    },
  });
  const stages = generateNKeysBetween(null, null, STAGES).map((position, s) => ({
    id: uuidv7(),
    itineraryId,
    position,
    title: `City ${s + 1}`,
    destinationName: `City ${s + 1}`,
    lat: 40 + s,
    lng: 2 + s,
    countryCode: 'FR',
  }));
  await db.insert(stage).values(stages);
  const places = stages.flatMap((row, s) =>
    generateNKeysBetween(null, null, PLACES_PER_STAGE).map((position, p) => ({
      id: uuidv7(),
      itineraryId,
      stageId: row.id,
      position,
      name: `Place ${s + 1}.${p + 1}`,
      category: 'sight',
      lat: 40 + s + p / 100,
      lng: 2 + s + p / 100,
      address: `${p + 1} Main Street`,
      url: 'https://example.com/place',
      time: '10:00',
      durationMinutes: 60,
      costMinor: 950,
      currency: 'EUR',
      notes: 'Worth a visit',
    })),
  );
  await db.insert(place).values(places);
  return { itineraryId, stageIds: stages.map((row) => row.id) };
}

/**
 * The trip's budget and bookings through the API (each write as a traveller makes it, with
 * its event): EXPENSES expenses paid in turn by the members and split between all of them,
 * a planned amount per category, and BOOKINGS bookings with costs and confirmation codes.
 */
export async function seedBudgetAndBookings(
  app: FastifyInstance,
  trip: { itineraryId: string; stageIds: string[] },
  owner: { cookie: string; origin: string },
  memberIds: string[],
) {
  const url = (part: string) => `/api/itineraries/${trip.itineraryId}/${part}`;
  const categories = ['transport', 'accommodation', 'food', 'activities'];
  for (const [index, category] of categories.entries()) {
    await send(app, {
      method: 'POST',
      url: url('budget-lines'),
      ...owner,
      payload: { category, amountMinor: 50_000 + index * 10_000 },
    });
  }
  for (let index = 0; index < EXPENSES; index += 1) {
    const day = String((index % 28) + 1).padStart(2, '0');
    await send(app, {
      method: 'POST',
      url: url('expenses'),
      ...owner,
      payload: {
        title: `Expense ${index + 1}`,
        amountMinor: 1_000 + index * 37,
        currency: 'EUR',
        date: `2027-05-${day}`,
        category: categories[index % categories.length],
        stageId: trip.stageIds[index % trip.stageIds.length],
        paidBy: memberIds[index % memberIds.length],
        split: { mode: 'equal', userIds: memberIds },
        rate: '1',
      },
    });
  }
  for (let index = 0; index < BOOKINGS; index += 1) {
    const day = String((index % 28) + 1).padStart(2, '0');
    await send(app, {
      method: 'POST',
      url: url('bookings'),
      ...owner,
      payload: {
        kind: index % 2 ? 'train' : 'accommodation',
        title: `Booking ${index + 1}`,
        stageId: trip.stageIds[index % trip.stageIds.length],
        carrier: 'Rail & Rooms',
        number: `RR${100 + index}`,
        startAt: `2027-05-${day}T09:30`,
        startZone: 'Europe/Paris',
        confirmationCode: `CODE${index}`,
        costMinor: 8_000 + index * 100,
        currency: 'EUR',
        notes: 'Bring the printout',
      },
    });
  }
}

/** A read-only link to the trip; answers its token. */
export async function seedShareLink(
  app: FastifyInstance,
  itineraryId: string,
  owner: { cookie: string; origin: string },
): Promise<string> {
  const link = await send<{ url: string }>(app, {
    method: 'POST',
    url: `/api/itineraries/${itineraryId}/share-links`,
    ...owner,
    payload: {},
  });
  const token = new URL(link.url).searchParams.get('share');
  if (!token) throw new Error(`the share link has no token: ${link.url}`);
  return token;
}

/** Fills the owner's list with `count` more itineraries (rows only: the list reads rows). */
export async function seedList(db: Db, ownerId: string, count: number) {
  const rows = Array.from({ length: count }, (_, index) => ({
    id: uuidv7(),
    ownerId,
    title: `Weekend ${index + 1}`,
    description: 'A short trip',
    startDate: '2027-06-01',
    endDate: '2027-06-03',
    // Apart, so that the pages' order is the same on every read.
    updatedAt: new Date(Date.UTC(2026, 0, 1) + index * 60_000),
  }));
  await db.insert(itinerary).values(rows);
  await db
    .insert(itineraryMember)
    .values(rows.map((row) => ({ itineraryId: row.id, userId: ownerId, role: 'owner' as const })));
}
