import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectStatus, type SignedInUser } from '../../test/itinerary-helpers';
import { freePort } from '../../test/ports';
import { startPreparedServer, type PreparedServer } from '../../test/prepared-server';
import type { ServerProcess } from '../../test/server-process';
import { pdfDocument } from '../../test/storage-helpers';
import { PUBLIC_URL, send } from '../crash-safety.test-helpers';
import { openEventStream } from '../modules/sharing/sse-client.test-helpers';

/**
 * Metrics as an operator scrapes them (issue 33): the built server started with METRICS_PORT
 * serves Prometheus text on that port, and only there; requests, live streams, changes,
 * uploads and the document cache move their series.
 */

let prepared: PreparedServer | undefined;
let server: ServerProcess | undefined;
let metricsPort: number;
let user: SignedInUser;

beforeAll(async () => {
  metricsPort = await freePort();
  // A traveller with a trip and a file: what the first scrape counts.
  prepared = await startPreparedServer({
    name: 'metrics',
    env: { METRICS_PORT: String(metricsPort), LOG_LEVEL: 'warn' },
    prepare: async (setup, traveller) => {
      const trip = expectStatus<{ id: string }>(
        await call(setup, traveller, 'POST', '/api/itineraries', {
          payload: { title: 'Counted' },
        }),
        201,
      );
      const name = encodeURIComponent(`itineraries/${trip.id}/attachments/plan.pdf`);
      const stored = await call(
        setup,
        traveller,
        'POST',
        `/v0/b/jammy/o?uploadType=media&name=${name}`,
        { headers: { 'content-type': 'application/pdf' }, payload: pdfDocument(2000) },
      );
      expect(stored.statusCode).toBe(200);
    },
  });
  ({ server, user } = prepared);
}, 180_000);

afterAll(async () => {
  await prepared?.close();
});

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** GET /metrics on the metrics port, parsed (`name{a="b",…} value` lines). */
async function scrape(): Promise<{ text: string; samples: Sample[]; type: string | null }> {
  const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
  expect(response.status).toBe(200);
  const text = await response.text();
  const samples = text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/([a-zA-Z_]+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [
          pair[1] ?? '',
          pair[2] ?? '',
        ]),
      );
      return { name: match[1] ?? '', labels, value: Number(match[3]) };
    });
  return { text, samples, type: response.headers.get('content-type') };
}

/** The value of one series (0 when absent). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter(
    (sample) =>
      sample.name === name &&
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  return found.reduce((sum, sample) => sum + sample.value, 0);
}

const base = () => `http://127.0.0.1:${server?.port}`;

describe('metrics on METRICS_PORT', () => {
  it('serves Prometheus text on its own port, and nothing on the public one', async () => {
    const { type, text } = await scrape();
    expect(type).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const family of [
      'jammy_http_request_duration_seconds',
      'jammy_event_streams',
      'jammy_event_fanout_lag_seconds',
      'jammy_db_pool_connections',
      'jammy_db_pool_idle_connections',
      'jammy_db_pool_waiting_clients',
      'jammy_db_pool_acquire_wait_seconds',
      'jammy_document_cache_hits_total',
      'jammy_document_cache_misses_total',
      'jammy_document_cache_bytes',
      'jammy_import_queue_files',
      'jammy_upload_bytes_total',
      'jammy_travellers',
      'jammy_trips',
      'jammy_files',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(text, family).toContain(`# TYPE ${family} `);
    }
    const publicAnswer = await fetch(`${base()}/metrics`);
    expect(publicAnswer.status).toBe(404);
    const other = await fetch(`http://127.0.0.1:${metricsPort}/api/health`);
    expect(other.status).toBe(404);
  });

  it('moves as requests, streams, changes and uploads happen', async () => {
    const before = (await scrape()).samples;
    const created = await send(server as ServerProcess, user, 'POST', '/api/itineraries', {
      title: 'Measured',
    });
    expect(created.status).toBe(201);
    const tripId = ((await created.json()) as { id: string }).id;
    const tree = `/api/itineraries/${tripId}`;
    // Read twice: built once (a miss), then from the cache (a hit).
    for (let read = 0; read < 2; read += 1) {
      const response = await fetch(`${base()}${tree}`, { headers: { cookie: user.cookie } });
      expect(response.status).toBe(200);
    }
    const stream = await openEventStream(`${base()}${tree}/events`, { cookie: user.cookie });
    expect(stream.status).toBe(200);
    const during = (await scrape()).samples;
    expect(valueOf(during, 'jammy_event_streams')).toBe(1);

    // A change reaches the open stream through PostgreSQL: one fan-out measured.
    const stage = await send(server as ServerProcess, user, 'POST', `${tree}/stages`, {
      title: 'Lisbon',
    });
    expect(stage.status).toBe(201);
    await stream.next((event) => event.event === 'stage.created', 10_000);
    const upload = pdfDocument(3000);
    const uploaded = await fetch(
      `${base()}/v0/b/jammy/o?uploadType=media&name=${encodeURIComponent(`itineraries/${tripId}/attachments/ticket.pdf`)}`,
      {
        method: 'POST',
        headers: { cookie: user.cookie, origin: PUBLIC_URL, 'content-type': 'application/pdf' },
        body: upload,
      },
    );
    expect(uploaded.status).toBe(200);
    stream.close();

    let after = (await scrape()).samples;
    // The stream is gone once the server has seen it close.
    for (let tries = 0; tries < 50 && valueOf(after, 'jammy_event_streams') !== 0; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = (await scrape()).samples;
    }
    expect(valueOf(after, 'jammy_event_streams')).toBe(0);

    const requests = (samples: Sample[], route: string, status: string, method = 'GET') =>
      valueOf(samples, 'jammy_http_request_duration_seconds_count', { route, status, method });
    expect(
      requests(after, '/api/itineraries/:id', '200') -
        requests(before, '/api/itineraries/:id', '200'),
    ).toBe(2);
    expect(
      requests(after, '/api/itineraries', '201', 'POST') -
        requests(before, '/api/itineraries', '201', 'POST'),
    ).toBe(1);
    expect(
      requests(after, '/api/itineraries/:id/stages', '201', 'POST') -
        requests(before, '/api/itineraries/:id/stages', '201', 'POST'),
    ).toBe(1);
    // Labels are route patterns: no id of any trip appears in the text.
    expect((await scrape()).text).not.toContain(tripId);
    // The duration sums grew with the requests.
    expect(
      valueOf(after, 'jammy_http_request_duration_seconds_sum', { route: '/api/itineraries/:id' }),
    ).toBeGreaterThan(
      valueOf(before, 'jammy_http_request_duration_seconds_sum', { route: '/api/itineraries/:id' }),
    );

    const delta = (name: string) => valueOf(after, name) - valueOf(before, name);
    expect(delta('jammy_event_fanout_lag_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(delta('jammy_document_cache_misses_total')).toBeGreaterThanOrEqual(1);
    expect(delta('jammy_document_cache_hits_total')).toBeGreaterThanOrEqual(1);
    // The trip read twice was held (the stage added since has dropped it again).
    expect(valueOf(during, 'jammy_document_cache_bytes')).toBeGreaterThan(0);
    expect(delta('jammy_upload_bytes_total')).toBe(upload.length);
    expect(valueOf(after, 'jammy_db_pool_connections')).toBeGreaterThan(0);
    expect(valueOf(after, 'jammy_db_pool_idle_connections')).toBeLessThanOrEqual(
      valueOf(after, 'jammy_db_pool_connections'),
    );
    expect(valueOf(after, 'jammy_import_queue_files', { state: 'waiting' })).toBe(0);
  });

  it('counts travellers, trips and files at most once a minute, whatever the scrapes', async () => {
    // The first scrape (in the first test) counted what the database held then; the trip and
    // the file the test above added are not counted before the minute is over, however many
    // scrapes come meanwhile.
    const storm = await Promise.all(Array.from({ length: 20 }, () => scrape()));
    for (const { samples } of storm) {
      expect(valueOf(samples, 'jammy_travellers')).toBe(1);
      expect(valueOf(samples, 'jammy_trips')).toBe(1);
      expect(valueOf(samples, 'jammy_files')).toBe(1);
    }
  });
});
