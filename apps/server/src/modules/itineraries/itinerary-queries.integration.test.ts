import type { ItinerarySummary, Page } from '@jammy/shared/itineraries';
import { generateNKeysBetween } from 'fractional-indexing';
import { uuidv7 } from 'uuidv7';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { place, stage } from '../../db/schema/itineraries';
import {
  apiFor,
  countQueries,
  createItinerary,
  createSignedInUser,
  expectStatus,
  getTree,
  startItineraryTest,
  type Api,
  type ItineraryTest,
  type QueryCounter,
  type SignedInUser,
} from '../../../test/itinerary-helpers';

// The whole tree of an itinerary is read with a fixed number of SQL statements, whatever its
// size (no query per stage or place).

let setup: ItineraryTest;
let owner: SignedInUser;
let counter: QueryCounter;
const as: Api = (...args) => apiFor(setup.testApp)(...args);

/** Adds `stages` stages and `places` places spread over them, straight into the database. */
async function seed(itineraryId: string, stages: number, places: number): Promise<void> {
  const { db } = setup.testApp.database;
  const stageRows = generateNKeysBetween(null, null, stages).map((position, index) => ({
    id: uuidv7(),
    itineraryId,
    position,
    title: `Stage ${index + 1}`,
  }));
  await db.insert(stage).values(stageRows);
  const placeRows = generateNKeysBetween(null, null, places).map((position, index) => ({
    id: uuidv7(),
    itineraryId,
    stageId: stageRows[index % stages]?.id ?? null,
    position,
    name: `Place ${index + 1}`,
    lat: 38.7 + index / 1000,
    lng: -9.1 - index / 1000,
    cost: '12.50',
    currency: 'EUR',
  }));
  await db.insert(place).values(placeRows);
}

beforeAll(async () => {
  setup = await startItineraryTest();
  owner = await createSignedInUser(setup.testApp, 'queries');
  counter = countQueries(setup.testApp.database.pool);
});

afterAll(async () => {
  counter?.stop();
  await setup?.close();
});

describe('constant number of queries', () => {
  it('GET /api/itineraries/{id}: the same for 1 place and for 500 places', async () => {
    const small = await createItinerary(setup.testApp, owner, { title: 'Small' });
    await seed(small.id, 1, 1);
    const large = await createItinerary(setup.testApp, owner, { title: 'Large' });
    await seed(large.id, 10, 500);
    // Warm up (first use of a pool client, route compilation).
    await getTree(setup.testApp, owner, small.id);
    await getTree(setup.testApp, owner, large.id);

    const one = await counter.measure(() => getTree(setup.testApp, owner, small.id));
    const many = await counter.measure(() => getTree(setup.testApp, owner, large.id));
    expect(one.result.places).toHaveLength(1);
    expect(many.result.places).toHaveLength(500);
    expect(many.result.stages).toHaveLength(10);

    console.info(
      `GET /api/itineraries/{id}: ${one.statements.length} SQL statements with 1 place, ` +
        `${many.statements.length} with 500 places\n  ${one.statements
          .map((statement) => statement.replace(/\s+/g, ' ').slice(0, 110))
          .join('\n  ')}`,
    );
    expect(one.statements.length).toBeGreaterThan(0);
    expect(many.statements.length).toBe(one.statements.length);
    // Session lookup, access check, stages, places: a handful, never one per row.
    expect(many.statements.length).toBeLessThanOrEqual(6);
  });

  it('GET /api/itineraries: the same for 1 itinerary and for 30 (with counts)', async () => {
    const lone = await createSignedInUser(setup.testApp, 'lone');
    const busy = await createSignedInUser(setup.testApp, 'busy');
    const first = await createItinerary(setup.testApp, lone);
    await seed(first.id, 2, 5);
    for (let index = 0; index < 30; index += 1) {
      const created = await createItinerary(setup.testApp, busy, { title: `Trip ${index}` });
      if (index % 10 === 0) await seed(created.id, 3, 7);
    }
    const list = async (user: SignedInUser) =>
      expectStatus<Page<ItinerarySummary>>(await as(user, 'GET', '/api/itineraries?limit=50'), 200);
    await list(lone);

    const one = await counter.measure(() => list(lone));
    const thirty = await counter.measure(() => list(busy));
    expect(one.result.items).toHaveLength(1);
    expect(one.result.items[0]).toMatchObject({ stageCount: 2, placeCount: 5 });
    expect(thirty.result.items).toHaveLength(30);
    console.info(
      `GET /api/itineraries: ${one.statements.length} SQL statements for 1 itinerary, ` +
        `${thirty.statements.length} for 30`,
    );
    expect(thirty.statements.length).toBe(one.statements.length);
  });
});
