import type { ItinerarySummary, Page } from '@jammy/shared/itineraries';
import { generateNKeysBetween } from 'fractional-indexing';
import { uuidv7 } from 'uuidv7';
import { afterAll, describe, expect } from 'vitest';
import { fileObject, itinerary, place, stage } from '../../db/schema/itineraries';
import { eq, sql } from 'drizzle-orm';
import { booking } from '../../db/schema/bookings';
import { listPlaces, listStages } from './itineraries.repository';
import { presentAttachment, presentPhoto } from '../files/media.presenter';
import {
  presentBooking,
  presentItinerary,
  presentPlace,
  presentStage,
} from './itinerary.presenter';
import { attachment, photo } from '../../db/schema/files';
import { pdfDocument, pngImage, uploaded } from '../../../test/storage-helpers';
import type { Client } from '../../../test/clients';
import { expectStatus } from '../../../test/expect';
import { createItinerary, getTree } from '../../../test/factories';
import { serverTest } from '../../../test/fixture';
import { countQueries, type QueryCounter } from '../../../test/itinerary-helpers';
import type { TestServer } from '../../../test/server';

// The whole tree of an itinerary is read with a fixed number of SQL statements, whatever its
// size (no query per stage or place).

const test = serverTest();

let counter: QueryCounter;

/** Adds `stages` stages and `places` places spread over them, straight into the database. */
async function seed(
  server: TestServer,
  itineraryId: string,
  stages: number,
  places: number,
): Promise<void> {
  const { db } = server.database;
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
    costMinor: 1250,
    currency: 'EUR',
  }));
  await db.insert(place).values(placeRows);
}

test.beforeAll(({ server }) => {
  counter = countQueries(server.database.pool);
});

afterAll(() => {
  counter?.stop();
});

describe('constant number of queries', () => {
  test('GET /api/itineraries/{id}: the same for 1 place and for 500 places', async ({
    server,
    owner,
  }) => {
    const small = await createItinerary(owner, { title: 'Small' });
    await seed(server, small.id, 1, 1);
    const large = await createItinerary(owner, { title: 'Large' });
    await seed(server, large.id, 10, 500);
    // The seed's NOTIFYs (document triggers) reach the app's cache before the reads below.
    await server.heard();

    // Cold: the session is known, the document is built in one statement.
    const one = await counter.measure(() => getTree(owner, small.id));
    const many = await counter.measure(() => getTree(owner, large.id));
    expect(one.result.places).toHaveLength(1);
    expect(many.result.places).toHaveLength(500);
    expect(many.result.stages).toHaveLength(10);

    console.info(
      `GET /api/itineraries/{id}: ${one.statements.length} SQL statements with 1 place, ` +
        `${many.statements.length} with 500 places\n  ${one.statements
          .map((statement) => statement.replace(/\s+/g, ' ').slice(0, 110))
          .join('\n  ')}`,
    );
    expect(one.statements.length).toBe(1);
    expect(many.statements.length).toBe(one.statements.length);

    // Warm: served from the document and session caches, no statement at all.
    const again = await counter.measure(() => getTree(owner, large.id));
    expect(again.result).toEqual(many.result);
    expect(again.statements).toEqual([]);
  });

  test('GET /api/itineraries: the same for 1 itinerary and for 30 (with counts)', async ({
    server,
  }) => {
    const lone = await server.traveller({ label: 'lone' });
    const busy = await server.traveller({ label: 'busy' });
    const first = await createItinerary(lone);
    await seed(server, first.id, 2, 5);
    for (let index = 0; index < 30; index += 1) {
      const created = await createItinerary(busy, { title: `Trip ${index}` });
      if (index % 10 === 0) await seed(server, created.id, 3, 7);
    }
    const list = async (user: Client) =>
      expectStatus<Page<ItinerarySummary>>(await user.get('/api/itineraries?limit=50'), 200);
    // Every change made above heard: each traveller's session stays checked.
    await server.heard();

    // The first read of each list asks the database; the next one is answered from memory.
    const one = await counter.measure(() => list(lone));
    const thirty = await counter.measure(() => list(busy));
    const again = await counter.measure(() => list(busy));
    expect(again.result).toEqual(thirty.result);
    expect(again.statements).toEqual([]);
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

describe('round trips of a write', () => {
  test('a note in one: the check under the lock, the insert, the last-change time and the event in one statement', async ({
    owner,
  }) => {
    const trip = await createItinerary(owner, { title: 'Trips' });
    const note = { title: 'Ferry', body: `It's at 9 \\ gate "B" $1` };
    const written = await counter.measure(() =>
      owner.post(`/api/itineraries/${trip.id}/notes`, note),
    );
    expect(expectStatus(written.result, 201)).toMatchObject(note);
    const statements = written.statements.map((statement) => statement.replace(/\s+/g, ' '));
    console.info(`POST a note: ${statements.length} round trips\n  ${statements.join('\n  ')}`);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(
      /^with checked as \( select .* for key share of i \), created as \( insert into "note" .*pg_notify/,
    );
  });

  test('a stage in two: who asks and the siblings read, then the insert in its turn in one statement', async ({
    owner,
  }) => {
    const trip = await createItinerary(owner, { title: 'Stages' });
    const written = await counter.measure(() =>
      owner.post(`/api/itineraries/${trip.id}/stages`, { title: 'Lisbon "old" \\ town' }),
    );
    expect(expectStatus(written.result, 201)).toMatchObject({ title: 'Lisbon "old" \\ town' });
    const statements = written.statements.map((statement) => statement.replace(/\s+/g, ' '));
    console.info(`POST a stage: ${statements.length} round trips\n  ${statements.join('\n  ')}`);
    expect(statements).toHaveLength(2);
    expect(statements[0]).toMatch(/^select i\.xmin::text as turn, .* from itinerary i left join/);
    expect(statements[1]).toMatch(
      /^with checked as \( select .* for update of i \), created as \( insert into "stage" .*pg_notify/,
    );
    // After another stage, and between two (`afterId`): the same two.
    const second = await counter.measure(() =>
      owner.post(`/api/itineraries/${trip.id}/stages`, { title: 'Porto' }),
    );
    const first = expectStatus<{ id: string; position: string }>(written.result, 201);
    const between = await counter.measure(() =>
      owner.post(`/api/itineraries/${trip.id}/stages`, { title: 'Coimbra', afterId: first.id }),
    );
    expect(second.statements).toHaveLength(2);
    expect(between.statements).toHaveLength(2);
    const last = expectStatus<{ position: string }>(second.result, 201);
    const middle = expectStatus<{ position: string }>(between.result, 201);
    expect(first.position < middle.position && middle.position < last.position).toBe(true);
  });

  test('a place in two: who asks, its stage and its siblings read, then the insert in its turn', async ({
    owner,
  }) => {
    const trip = await createItinerary(owner, { title: 'Places' });
    const rome = expectStatus<{ id: string }>(
      await owner.post(`/api/itineraries/${trip.id}/stages`, { title: 'Rome' }),
      201,
    );
    for (const stageId of [rome.id, undefined]) {
      const placed = await counter.measure(() =>
        owner.post(`/api/itineraries/${trip.id}/places`, { name: 'Pier', stageId }),
      );
      expect(expectStatus(placed.result, 201)).toMatchObject({ name: 'Pier' });
      const placing = placed.statements.map((statement) => statement.replace(/\s+/g, ' '));
      console.info(`POST a place: ${placing.length} round trips\n  ${placing.join('\n  ')}`);
      expect(placing).toHaveLength(2);
      expect(placing[0]).toMatch(/^select i\.xmin::text as turn, .* from itinerary i left join/);
      expect(placing[1]).toMatch(
        /^with checked as \( select .* for update of i \), created as \( insert into "place" .*pg_notify/,
      );
    }
  });
});

describe('the document PostgreSQL builds', () => {
  test('is exactly what the presenters make of the rows, every field', async ({
    server,
    owner,
  }) => {
    const { db } = server.database;
    const created = await createItinerary(owner, {
      title: 'Every field',
      description: 'Ünïcode — "quoted" \\ and \n new line',
      startDate: '2027-03-01',
      endDate: '2027-03-09',
      timezone: 'Europe/Lisbon',
      coverUrl: 'https://example.com/cover.jpg',
    });
    const [full] = await db
      .insert(stage)
      .values({
        id: uuidv7(),
        itineraryId: created.id,
        position: 'a0',
        title: 'Lisbon',
        destinationName: 'Lisboa',
        lat: 38.716_89,
        lng: -9.139_66,
        countryCode: 'PT',
        startDate: '2027-03-01',
        endDate: '2027-03-04',
        notes: 'Tram 28 early',
      })
      .returning();
    await db
      .insert(stage)
      .values({ id: uuidv7(), itineraryId: created.id, position: 'Zz', title: 'Before' });
    await db.insert(place).values([
      {
        id: uuidv7(),
        itineraryId: created.id,
        stageId: full?.id ?? null,
        position: 'a0',
        name: 'Pastéis de Belém',
        category: 'food',
        lat: 38.697_5,
        lng: -9.203_2,
        address: 'R. de Belém 84-92',
        url: 'https://pasteisdebelem.pt/',
        day: '2027-03-02',
        time: '09:30:00',
        durationMinutes: 45,
        costMinor: 1250,
        currency: 'EUR',
        notes: 'Go early',
      },
      {
        id: uuidv7(),
        itineraryId: created.id,
        position: 'a1',
        name: 'Bare',
        category: 'retired-kind',
      },
      {
        id: uuidv7(),
        itineraryId: created.id,
        position: 'a2',
        name: 'Free',
        costMinor: 0,
        currency: 'EUR',
      },
    ]);

    // A cover, a photo of the stage and an attachment (PDF: no size in pixels, no variants).
    const folder = `itineraries/${created.id}`;
    const cover = await uploaded(
      server,
      owner,
      `${folder}/cover/ünï cöde & co.png`,
      await pngImage(90, 60),
    );
    await owner.patch(`/api/itineraries/${created.id}`, { coverPath: cover.fullPath });
    const shot = await uploaded(server, owner, `${folder}/photos/a.png`, await pngImage(30, 20));
    await owner.post(`/api/itineraries/${created.id}/photos`, {
      path: shot.fullPath,
      stageId: full?.id,
      caption: 'Tram "28"\nat dawn',
    });
    const ticket = await uploaded(server, owner, `${folder}/attachments/t.pdf`, pdfDocument());
    await owner.post(`/api/itineraries/${created.id}/attachments`, {
      path: ticket.fullPath,
      title: 'Train',
    });

    await owner.post(`/api/itineraries/${created.id}/bookings`, {
      kind: 'flight',
      title: 'Lisbon "LIS"',
      stageId: full?.id,
      startAt: '2027-03-28T10:00',
      startZone: 'Europe/Lisbon',
      endAt: '2027-03-28T12:40',
      endZone: 'Europe/Rome',
      confirmationCode: 'ABC123',
      costMinor: 9_999,
      currency: 'EUR',
    });
    await owner.post(`/api/itineraries/${created.id}/bookings`, {
      kind: 'other',
      title: 'Undated',
    });

    const served = await getTree(owner, created.id);
    const [row] = await db.select().from(itinerary).where(eq(itinerary.id, created.id));
    if (!row || !full) throw new Error('seed failed');
    const [coverFile] = await db
      .select()
      .from(fileObject)
      .where(eq(fileObject.path, cover.fullPath));
    const photos = await db
      .select({ photo, file: fileObject })
      .from(photo)
      .innerJoin(fileObject, eq(fileObject.id, photo.fileId));
    const attachments = await db
      .select({ attachment, file: fileObject })
      .from(attachment)
      .innerJoin(fileObject, eq(fileObject.id, attachment.fileId));
    const expected = {
      itinerary: presentItinerary(row, 'owner', coverFile),
      stages: (await listStages(db, created.id)).map(presentStage),
      places: (await listPlaces(db, created.id)).map(presentPlace),
      photos: photos.map((each) => presentPhoto(each.photo, each.file)),
      attachments: attachments.map((each) => presentAttachment(each.attachment, each.file)),
      bookings: (
        await db
          .select()
          .from(booking)
          .where(eq(booking.itineraryId, created.id))
          .orderBy(sql`${booking.startAt} asc nulls last`)
      ).map((row) => presentBooking(row)),
    };
    expect(served.bookings.map((each) => each.title)).toEqual(['Lisbon "LIS"', 'Undated']);
    expect(served.itinerary.cover?.url).toContain(encodeURIComponent(cover.fullPath));
    expect(served.photos).toHaveLength(1);
    expect(served.attachments).toHaveLength(1);
    expect(served).toStrictEqual(JSON.parse(JSON.stringify(expected)));
    expect(served.stages.map((each) => each.title)).toEqual(['Before', 'Lisbon']);
    expect(served.places[1]?.category).toBe('other');
  });

  test('orders positions in byte order whatever the database locale', async ({ server }) => {
    const result = await server.database.pool.query<{ table: string; collation: string }>(
      `select table_name as table, collation_name as collation from information_schema.columns
       where column_name = 'position' and table_schema = 'public' order by table_name`,
    );
    expect(result.rows).toEqual(
      ['list', 'list_item', 'photo', 'place', 'stage'].map((table) => ({ table, collation: 'C' })),
    );
  });
});
