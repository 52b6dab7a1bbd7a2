import path from 'node:path';
import type { Place, Stage } from '@jammy/shared/itineraries';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { addMember, createSignedInUser, type SignedInUser } from '../test/itinerary-helpers';
import {
  embeddedDatabaseUrl,
  postgresProcessesFor,
  terminate,
  type ServerProcess,
} from '../test/server-process';
import { buildTestApp } from '../test/test-app';
import { postmasterPid, send, useBuiltServers } from './crash-safety.test-helpers';

/**
 * Crash safety (issue 16): a write storm against the built server on the embedded
 * PostgreSQL, killed with SIGKILL mid-storm (the server alone, then the server and its
 * PostgreSQL), restarted on the same DATA_DIR: every write acknowledged with a 2xx is
 * there, positions are still a total order and no itinerary is half-written.
 */

const CLIENTS = 4;
const STORM_MS = 2500;
const { dataDir: newDataDir, startOn } = useBuiltServers();

interface Client {
  user: SignedInUser;
  /** Its own itinerary (it alone writes there) and the one all clients share. */
  own: string;
}

interface Acknowledged {
  stages: Map<string, string>;
  /** Place id → its itinerary and the last acknowledged version and name. */
  places: Map<string, { itineraryId: string; version: number; name: string }>;
  writes: number;
  /** Requests that got no answer (sent as the server died). */
  unanswered: number;
}

/** One client's loop: creates stages and places, renames and moves its places, until the server dies. */
async function storm(server: ServerProcess, client: Client, shared: string, acked: Acknowledged) {
  const mine: { id: string; itineraryId: string }[] = [];
  const stagesOf = new Map<string, string[]>();
  for (let step = 0; ; step += 1) {
    const itineraryId = step % 3 === 0 ? shared : client.own;
    let response: Response;
    try {
      const kind = step < 2 ? 0 : step % 4;
      const stageIds = stagesOf.get(itineraryId) ?? [];
      const target = mine[step % Math.max(1, mine.length)];
      if (kind === 0 || (kind === 1 && stageIds.length === 0)) {
        response = await send(
          server,
          client.user,
          'POST',
          `/api/itineraries/${itineraryId}/stages`,
          {
            title: `Stage ${step}`,
          },
        );
        if (response.ok) {
          const stage = (await response.json()) as Stage;
          acked.stages.set(stage.id, itineraryId);
          stagesOf.set(itineraryId, [...stageIds, stage.id]);
        }
      } else if (kind === 1 || !target) {
        const stageId = stageIds[step % stageIds.length];
        response = await send(
          server,
          client.user,
          'POST',
          `/api/itineraries/${itineraryId}/places`,
          {
            name: `Place ${step}`,
            stageId,
          },
        );
        if (response.ok) {
          const place = (await response.json()) as Place;
          acked.places.set(place.id, { itineraryId, version: place.version, name: place.name });
          mine.push({ id: place.id, itineraryId });
        }
      } else {
        const known = acked.places.get(target.id);
        if (!known) throw new Error('a place of this client was not recorded');
        const base = `/api/itineraries/${target.itineraryId}/places/${target.id}`;
        response =
          kind === 2
            ? await send(server, client.user, 'PATCH', base, {
                name: `Renamed ${step}`,
                version: known.version,
              })
            : await send(server, client.user, 'POST', `${base}/move`, {
                afterId: null,
                version: known.version,
              });
        if (response.ok) {
          const place = (await response.json()) as Place;
          acked.places.set(place.id, { ...known, version: place.version, name: place.name });
        }
      }
    } catch {
      // No answer: the server is gone. What it did with this request is unknown.
      acked.unanswered += 1;
      return;
    }
    if (response.ok) acked.writes += 1;
    else if (response.status < 500) {
      throw new Error(`storm write answered ${response.status}: ${await response.text()}`);
    }
  }
}

interface Found {
  found: number;
  missing: string[];
}

/** Checks every acknowledged write against the database and the restarted server. */
async function verify(
  server: ServerProcess,
  dataDir: string,
  clients: Client[],
  itineraryIds: string[],
  acked: Acknowledged,
): Promise<Found> {
  const pool = new pg.Pool({ connectionString: await embeddedDatabaseUrl(dataDir), max: 2 });
  const missing: string[] = [];
  let found = 0;
  try {
    const stages = await pool.query<{ id: string; itinerary_id: string }>(
      'select id, itinerary_id from stage where itinerary_id = any($1::uuid[])',
      [itineraryIds],
    );
    const stageRows = new Map(stages.rows.map((row) => [row.id, row.itinerary_id]));
    for (const [id, itineraryId] of acked.stages) {
      if (stageRows.get(id) === itineraryId) found += 1;
      else missing.push(`stage ${id}`);
    }
    const places = await pool.query<{ id: string; version: number; name: string }>(
      'select id, version, name from place where itinerary_id = any($1::uuid[])',
      [itineraryIds],
    );
    const placeRows = new Map(places.rows.map((row) => [row.id, row]));
    for (const [id, ack] of acked.places) {
      const row = placeRows.get(id);
      // A later write may have committed without its answer arriving: never older.
      if (
        row &&
        (row.version > ack.version || (row.version === ack.version && row.name === ack.name))
      ) {
        found += 1;
      } else missing.push(`place ${id} v${ack.version} (found ${JSON.stringify(row)})`);
    }

    // Positions: a total order among siblings (no two the same).
    const ties = await pool.query(
      `select 'stage' as kind, itinerary_id::text as parent, position from stage
         where itinerary_id = any($1::uuid[]) group by itinerary_id, position having count(*) > 1
       union all
       select 'place', itinerary_id::text || ':' || coalesce(stage_id::text, '-'), position from place
         where itinerary_id = any($1::uuid[]) group by itinerary_id, stage_id, position having count(*) > 1`,
      [itineraryIds],
    );
    expect(ties.rows).toEqual([]);

    // Nothing half-written: every stage and place has its creation event (same transaction)…
    const orphans = await pool.query(
      `select s.id from stage s where s.itinerary_id = any($1::uuid[]) and not exists (
         select 1 from itinerary_event e where e.kind = 'stage.created' and e.data->>'stageId' = s.id::text)
       union all
       select p.id from place p where p.itinerary_id = any($1::uuid[]) and not exists (
         select 1 from itinerary_event e where e.kind = 'place.created' and e.data->>'placeId' = p.id::text)`,
      [itineraryIds],
    );
    expect(orphans.rows).toEqual([]);
    // …and each itinerary reads whole through the restarted server, exactly as stored.
    const owner = clients[0];
    if (!owner) throw new Error('no clients');
    for (const itineraryId of itineraryIds) {
      const reader = clients.find((client) => client.own === itineraryId) ?? owner;
      const response = await fetch(
        `http://127.0.0.1:${server.port}/api/itineraries/${itineraryId}`,
        { headers: { cookie: reader.user.cookie } },
      );
      expect(response.status).toBe(200);
      const tree = (await response.json()) as { stages: Stage[]; places: Place[] };
      const stored = await pool.query<{ stages: number; places: number }>(
        `select (select count(*)::int from stage where itinerary_id = $1) as stages,
                (select count(*)::int from place where itinerary_id = $1) as places`,
        [itineraryId],
      );
      expect({ stages: tree.stages.length, places: tree.places.length }).toEqual(stored.rows[0]);
      for (const place of tree.places) {
        if (place.stageId)
          expect(tree.stages.some((stage) => stage.id === place.stageId)).toBe(true);
      }
    }
  } finally {
    await pool.end();
  }
  return { found, missing };
}

async function crashCase(killPostgres: boolean): Promise<void> {
  const dataDir = await newDataDir('jammy-test-crash-');
  const first = await startOn(dataDir);

  // Accounts and trips made through an app on the same database (same session secret).
  const setup = await buildTestApp({ databaseUrl: await embeddedDatabaseUrl(dataDir) });
  const clients: Client[] = [];
  let shared = '';
  try {
    const users = await Promise.all(
      Array.from({ length: CLIENTS }, (_, index) => createSignedInUser(setup, `crash${index}`)),
    );
    for (const user of users) {
      const response = await send(first, user, 'POST', '/api/itineraries', { title: 'Own trip' });
      expect(response.status).toBe(201);
      clients.push({ user, own: ((await response.json()) as { id: string }).id });
    }
    const [owner, ...others] = clients;
    if (!owner) throw new Error('no clients');
    shared = owner.own;
    for (const other of others) await addMember(setup, shared, other.user.id, 'editor');
  } finally {
    await setup.close();
  }

  const acked: Acknowledged = { stages: new Map(), places: new Map(), writes: 0, unanswered: 0 };
  const storms = clients.map((client) => storm(first, client, shared, acked));
  // Mid-storm: after a while and enough acknowledged writes (a loaded machine is slower).
  const stormStarted = Date.now();
  while (
    Date.now() - stormStarted < STORM_MS ||
    (acked.writes < 30 && Date.now() - stormStarted < 60_000)
  ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const postgresPid = await postmasterPid(dataDir);
  first.child.kill('SIGKILL');
  if (killPostgres) process.kill(postgresPid, 'SIGKILL');
  await Promise.all(storms);
  expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
  if (killPostgres) {
    // Its backends notice the postmaster is gone and exit; wait for them before restarting.
    const clusterDir = path.join(dataDir, 'postgres', 'cluster');
    for (
      let waited = 0;
      waited < 10_000 && postgresProcessesFor(clusterDir).length;
      waited += 100
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const second = await startOn(dataDir);
  const itineraryIds = clients.map((client) => client.own);
  const { found, missing } = await verify(second, dataDir, clients, itineraryIds, acked);
  const label = killPostgres ? 'server and PostgreSQL killed' : 'server killed';
  console.log(
    `${label}: ${acked.writes} writes acknowledged, ${found} acknowledged rows found ` +
      `(${acked.stages.size} stages, ${acked.places.size} places), ` +
      `${acked.unanswered} requests unanswered at the kill, ${missing.length} missing`,
  );
  expect(missing).toEqual([]);
  expect(found).toBe(acked.stages.size + acked.places.size);
  expect(acked.writes).toBeGreaterThan(20);

  // The restarted server also stops cleanly.
  expect(await terminate(second, 20_000)).toEqual({ code: 0, signal: null });
}

describe('crash safety of the built server on the embedded PostgreSQL', () => {
  it('SIGKILL of the server mid-storm loses no acknowledged write', async () => {
    await crashCase(false);
  }, 400_000);

  it('SIGKILL of the server and its PostgreSQL mid-storm loses no acknowledged write', async () => {
    await crashCase(true);
  }, 400_000);
});
