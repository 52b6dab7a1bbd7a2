import { describe, expect } from 'vitest';
import { serverTest } from '../../test/fixture';
import { apiFor, countQueries, expectStatus } from '../../test/itinerary-helpers';

// What the server draws of a trip's pages in the app's frame (decision 027), and the trip's
// data it names in their head (decisions 063 and 064), for a traveller who may read the trip.

const UUID_V7 = '0192f7a0-0000-7000-8000-000000000000';

const test = serverTest({ mail: 'outbox' });

describe("a trip's title, in the app's frame", () => {
  const frameOf = (html: string) =>
    /<div class="boot-page">(.*?)<\/div><\/div><\/body>/.exec(html)?.[1];

  test('is drawn for a member, escaped; never for a stranger, a trashed trip or a broken address', async ({
    server,
  }) => {
    const api = apiFor(server);
    const owner = await server.traveller({ label: 'frame-owner' });
    const stranger = await server.traveller({ label: 'frame-stranger' });
    const title = '</bdi></h1><script>alert(1)</script> & "Lisbon" $& $\'';
    const created = await api(owner, 'POST', '/api/itineraries', { payload: { title } });
    expectStatus(created, 201);
    const { id } = created.json<{ id: string }>();
    const page = (user: { cookie: string }, url: string) =>
      server.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });

    const mine = await page(owner, `/ar/itinerary/${id}`);
    expect(mine.statusCode).toBe(200);
    expect(frameOf(mine.body)).toBe(
      '<div class="boot-trip"><div class="boot-container"><div class="boot-back"></div>' +
        '<h1 class="boot-title"><bdi>&lt;/bdi&gt;&lt;/h1&gt;&lt;script&gt;alert(1)' +
        '&lt;/script&gt; &amp; &quot;Lisbon&quot; $&amp; $&#39;</bdi></h1></div></div>',
    );
    expect(mine.body).not.toContain('<script>alert');

    // Not a member: the frame as index.html has it, as for anyone not signed in.
    for (const response of [
      await page(stranger, `/itinerary/${id}`),
      await server.app.inject({ method: 'GET', url: `/itinerary/${id}` }),
      await page(owner, '/itinerary/not-an-id'),
      // Another page of the trip: its heading is the page's own, not the title.
      await page(owner, `/itinerary/${id}/notes`),
    ]) {
      expect(response.body).toContain('<div class="boot-page"></div>');
      expect(response.body).not.toContain('Lisbon');
    }

    expectStatus(await api(owner, 'DELETE', `/api/itineraries/${id}`), 200);
    const trashed = await page(owner, `/itinerary/${id}`);
    expect(trashed.body).toContain('<div class="boot-page"></div>');
    expect(trashed.body).not.toContain('Lisbon');
  });
});

describe("a stage's page, in its head and its frame", () => {
  test("draws the stage's title and starts the trip's tree for a member only", async ({
    server,
  }) => {
    const api = apiFor(server);
    const owner = await server.traveller({ label: 'stage-frame-owner' });
    const stranger = await server.traveller({ label: 'stage-frame-stranger' });
    const created = await api(owner, 'POST', '/api/itineraries', { payload: { title: 'Iberia' } });
    const { id } = expectStatus<{ id: string }>(created, 201);
    const stage = await api(owner, 'POST', `/api/itineraries/${id}/stages`, {
      payload: { title: 'Porto & <Douro>' },
    });
    const { id: stageId } = expectStatus<{ id: string }>(stage, 201);
    const page = (user: { cookie: string } | null, url: string) =>
      server.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });
    const preload = `<link rel="preload" as="fetch" crossorigin href="/api/itineraries/${id}">`;

    const mine = await page(owner, `/it/itinerary/${id}/stage/${stageId}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain(
      '<div class="boot-page"><div class="boot-trip"><div class="boot-container">' +
        '<div class="boot-back"></div><h1 class="boot-title"><bdi>Porto &amp; &lt;Douro&gt;</bdi>' +
        '</h1></div></div></div>',
    );
    // In the head, before the app's code, so the browser asks for it first.
    const head = mine.body.slice(0, mine.body.indexOf('</head>'));
    expect(head).toContain(preload);
    expect(head.indexOf(preload)).toBeLessThan(head.indexOf('<script type="module"'));
    // The app's own request for it: the same address, answered.
    expectStatus(await api(owner, 'GET', `/api/itineraries/${id}`), 200);

    for (const response of [
      await page(stranger, `/itinerary/${id}/stage/${stageId}`),
      await page(null, `/itinerary/${id}/stage/${stageId}`),
      // A stage that is not the trip's: the page says so, with no title of another's.
      await page(owner, `/itinerary/${id}/stage/${UUID_V7}`),
    ]) {
      expect(response.body).toContain('<div class="boot-page"></div>');
      expect(response.body).not.toContain('Douro');
      expect(response.body).not.toContain('as="fetch"');
    }
  });
});

describe("a trip's page and its first read", () => {
  test('read the trip from PostgreSQL once: the page loads the document its API read is served from', async ({
    server,
  }) => {
    const api = apiFor(server);
    const owner = await server.traveller({ label: 'frame-cache' });
    const created = await api(owner, 'POST', '/api/itineraries', { payload: { title: 'Porto' } });
    expectStatus(created, 201);
    const { id } = created.json<{ id: string }>();
    // The creation's notifications empty the trip's cache entry whenever they arrive.
    await server.heard();
    const documentReads = (statements: string[]) =>
      statements.filter((statement) => statement.includes('json_build_object')).length;
    const counter = countQueries(server.database.pool);
    try {
      const { result: page, statements: pageStatements } = await counter.measure(() =>
        server.app.inject({
          method: 'GET',
          url: `/itinerary/${id}`,
          headers: { cookie: owner.cookie },
        }),
      );
      expect(page.body).toContain('<bdi>Porto</bdi>');
      expect(documentReads(pageStatements)).toBe(1);
      const { result: read, statements: readStatements } = await counter.measure(() =>
        api(owner, 'GET', `/api/itineraries/${id}`),
      );
      expectStatus(read, 200);
      expect(read.json<{ itinerary: { title: string } }>().itinerary.title).toBe('Porto');
      expect(documentReads(readStatements)).toBe(0);
    } finally {
      counter.stop();
    }
  });
});
