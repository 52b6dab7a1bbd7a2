import type pg from 'pg';

/**
 * A UUIDv7 in SQL, cheap enough for millions of rows: 48 bits of milliseconds (`order`
 * seconds before now), version 7, variant 10, the rest from an MD5 of `key` and `tag`
 * (distinct per table), so every id is unique when the keys are.
 */
function uuid7(order: string, key: string, tag: string): string {
  const millis = `(extract(epoch from now()) * 1000)::bigint - (${order})::bigint * 1000`;
  const hash = `md5((${key})::text || '${tag}')`;
  return `(lpad(to_hex(${millis}), 12, '0') || '7' || substr(${hash}, 1, 3) || '8' || substr(${hash}, 4, 15))::uuid`;
}

const SEEDED_TABLES = [
  'user',
  'itinerary',
  'itinerary_member',
  'stage',
  'place',
  'itinerary_event',
];

/** How much `seedScale` adds. */
export interface ScaleSeed {
  itineraries: number;
  /** Travellers who own them (round robin). */
  users?: number;
  /** Itineraries, from the first, that get 2 stages with 2 places each. */
  detailed?: number;
  /** Events in the change log, spread over the detailed itineraries. */
  events?: number;
}

/**
 * Fills a migrated database with many trips in a few `generate_series` statements, for the
 * scale checks (`npm run seed:scale`, the EXPLAIN test, `npm run bench:scale`). Ids are
 * UUIDv7 (made in SQL), so the API accepts them. Run once on a database of its own.
 */
export async function seedScale(pool: pg.Pool, seed: ScaleSeed): Promise<void> {
  const users = seed.users ?? Math.max(1, Math.ceil(seed.itineraries / 100));
  const detailed = Math.min(seed.detailed ?? Math.ceil(seed.itineraries / 20), seed.itineraries);
  const events = seed.events ?? seed.itineraries;
  const client = await pool.connect();
  const query = client.query.bind(client);
  const timed = async (text: string, values?: unknown[]) => {
    const t = performance.now();
    await query(text, values);
    if (process.env.SEED_TIMINGS)
      console.log(Math.round(performance.now() - t), text.trim().slice(0, 50).replace(/\s+/g, ' '));
  };
  try {
    await timed('begin');
    // Every reference is made consistent here: skip the per-row foreign-key triggers when
    // allowed (a superuser's connection), which makes a million rows several times faster.
    await timed('savepoint replica');
    try {
      await query('set local session_replication_role = replica');
      await timed('release savepoint replica');
    } catch {
      await timed('rollback to savepoint replica');
    }
    // Secondary indexes are built once after the rows are in (much faster than row by row).
    const { rows: indexes } = await query(
      `select indexname, indexdef from pg_indexes
       where schemaname = current_schema() and tablename = any($1)
         and indexname not in (select conname from pg_constraint)`,
      [SEEDED_TABLES],
    );
    for (const { indexname } of indexes as { indexname: string }[]) {
      await timed(`drop index "${indexname}"`);
    }
    await timed(
      `create temporary table scale_user on commit drop as
         select n, ${uuid7('n', 'n', 'user')} as id from generate_series(1, $1::int) as n`,
      [users],
    );
    await timed(`
      insert into "user" (id, name, email, email_verified, terms_accepted_at)
      select id, 'Traveller ' || n, 'scale-' || n || '-' || id || '@example.com', true, now()
      from scale_user`);
    await timed(
      `create temporary table scale_trip on commit drop as
         select t.n, ${uuid7('t.n', 't.n', 'trip')} as id, u.id as owner_id
         from generate_series(1, $1::int) as t(n)
         join scale_user u on u.n = 1 + (t.n % $2::int)`,
      [seed.itineraries, users],
    );
    await timed(`
      insert into itinerary (id, owner_id, title, description, start_date, end_date, updated_at)
      select id, owner_id, 'Trip ' || n, '', date '2027-01-01' + (n % 700),
             date '2027-01-01' + (n % 700) + 7, now() - make_interval(mins => n)
      from scale_trip`);
    await timed(`
      insert into itinerary_member (itinerary_id, user_id, role)
      select id, owner_id, 'owner' from scale_trip`);
    await timed(
      `insert into stage (id, itinerary_id, position, title)
       select ${uuid7('t.n', 't.n * 2 + s.k', 'stage')}, t.id, s.position, 'Stage ' || s.k
       from scale_trip t, (values (1, 'a0'), (2, 'a1')) as s(k, position)
       where t.n <= $1::int`,
      [detailed],
    );
    await timed(`
      insert into place (id, itinerary_id, stage_id, position, name, lat, lng)
      select ${uuid7('0', 's.id::text || p.k', 'place')}, s.itinerary_id, s.id, p.position, 'Place ' || p.k,
             41.9 + random(), 12.5 + random()
      from stage s, (values (1, 'a0'), (2, 'a1')) as p(k, position)`);
    await timed(
      `insert into itinerary_event (itinerary_id, actor_id, kind, data)
       select t.id, t.owner_id, 'stage.created', jsonb_build_object('title', 'Stage')
       from generate_series(1, $1::int) as e(n)
       join scale_trip t on t.n = 1 + (e.n % $2::int)`,
      [events, detailed],
    );
    for (const { indexdef } of indexes as { indexdef: string }[]) await timed(indexdef);
    await timed('commit');
  } catch (error) {
    await timed('rollback');
    throw error;
  } finally {
    client.release();
  }
  await pool.query('analyze');
}
