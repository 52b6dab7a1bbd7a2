import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectStatus, type SignedInUser } from '../../test/itinerary-helpers';
import { startPreparedServer, type PreparedServer } from '../../test/prepared-server';
import { BUILT_MAIN, ensureServerBuilt, type ServerProcess } from '../../test/server-process';
import { REQUEST_ID_ATTRIBUTE } from './tracing';

/**
 * Traces (issue 33): the built server started with OTEL_EXPORTER_OTLP_ENDPOINT sends its spans
 * over OTLP/HTTP to a receiver of this test, which reads them (JSON, as the exporter sends with
 * OTEL_EXPORTER_OTLP_PROTOCOL=http/json). A request gives a server span named by its route,
 * with the request id the log lines carry, and the queries it made are its children.
 */

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: OtlpValue }[];
}
interface OtlpExport {
  resourceSpans?: {
    resource?: { attributes?: { key: string; value: OtlpValue }[] };
    scopeSpans?: { spans?: OtlpSpan[] }[];
  }[];
}

const SERVER_KIND = 2;
const CLIENT_KIND = 3;

let prepared: PreparedServer | undefined;
let server: ServerProcess | undefined;
let receiver: http.Server;
let user: SignedInUser;
let tripId: string;
const received: OtlpExport[] = [];
const paths: string[] = [];

beforeAll(async () => {
  ensureServerBuilt();
  // The collector, and a geocoder (Photon's API) the server calls out to.
  receiver = http.createServer((request, response) => {
    if (request.url?.startsWith('/api?')) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"type":"FeatureCollection","features":[]}');
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const text = (
        request.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body
      ).toString('utf8');
      paths.push(`${request.method} ${request.url} ${request.headers['content-type']}`);
      received.push(JSON.parse(text) as OtlpExport);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  prepared = await startPreparedServer({
    name: 'tracing',
    env: {
      GEOCODER_URL: receiverUrl,
      LOG_LEVEL: 'info',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiverUrl,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      // Send each batch at once rather than after the default 5 s.
      OTEL_BSP_SCHEDULE_DELAY: '100',
    },
    prepare: async (setup, traveller) => {
      tripId = expectStatus<{ id: string }>(
        await call(setup, traveller, 'POST', '/api/itineraries', { payload: { title: 'Traced' } }),
        201,
      ).id;
    },
  });
  ({ server, user } = prepared);
}, 180_000);

afterAll(async () => {
  await prepared?.close();
  receiver?.close();
});

const spans = () =>
  received.flatMap((batch) =>
    (batch.resourceSpans ?? []).flatMap((resource) =>
      (resource.scopeSpans ?? []).flatMap((scope) => scope.spans ?? []),
    ),
  );
const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes?.find((candidate) => candidate.key === key)?.value;
  return value?.stringValue ?? value?.intValue ?? value?.boolValue;
};

/** Waits until a span matching `predicate` has been received. */
async function spanWhere(predicate: (span: OtlpSpan) => boolean): Promise<OtlpSpan> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const found = spans().find(predicate);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `no such span among ${spans()
      .map((span) => span.name)
      .join(', ')}`,
  );
}

describe('tracing with OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  it('sends a server span named by its route, with the request id, and its queries as children', async () => {
    const requestId = 'trace-test-0001';
    const response = await fetch(`http://127.0.0.1:${server?.port}/api/itineraries/${tripId}`, {
      headers: { cookie: user.cookie, 'x-request-id': requestId },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe(requestId);

    const serverSpan = await spanWhere(
      (span) => span.kind === SERVER_KIND && attribute(span, REQUEST_ID_ATTRIBUTE) === requestId,
    );
    expect(serverSpan.name).toBe('GET /api/itineraries/:id');
    expect(attribute(serverSpan, 'http.route')).toBe('/api/itineraries/:id');
    expect(serverSpan.name).not.toContain(tripId);

    // A PostgreSQL query of this request, below its server span.
    const byId = new Map(spans().map((span) => [span.spanId, span]));
    const descends = (span: OtlpSpan): boolean => {
      for (let parent = span.parentSpanId; parent; parent = byId.get(parent)?.parentSpanId) {
        if (parent === serverSpan.spanId) return true;
      }
      return false;
    };
    const query = await spanWhere(
      (span) =>
        span.traceId === serverSpan.traceId &&
        (attribute(span, 'db.system') === 'postgresql' ||
          attribute(span, 'db.system.name') === 'postgresql') &&
        descends(span),
    );
    expect(query.kind).not.toBe(SERVER_KIND);
    // The exporter spoke OTLP/HTTP JSON to /v1/traces, naming the service.
    expect(paths[0]).toMatch(/^POST \/v1\/traces application\/json/);
    const service = received[0]?.resourceSpans?.[0]?.resource?.attributes?.find(
      (entry) => entry.key === 'service.name',
    );
    expect(service?.value.stringValue).toBe('jammy');

    // The same request id is on the request's log line.
    const line = (server?.output() ?? '')
      .split('\n')
      .filter((text) => text.startsWith('{'))
      .map((text) => JSON.parse(text) as { reqId?: string; msg?: string; route?: string })
      .find((entry) => entry.reqId === requestId && entry.msg === 'request');
    expect(line?.route).toBe('/api/itineraries/:id');
  });

  it('follows an outgoing call (the geocoder, through fetch) as a client span of the request', async () => {
    const requestId = 'trace-test-0002';
    const response = await fetch(`http://127.0.0.1:${server?.port}/api/geo/search?q=Lisbon`, {
      headers: { cookie: user.cookie, 'x-request-id': requestId },
    });
    expect(response.status).toBe(200);
    const serverSpan = await spanWhere(
      (span) => span.kind === SERVER_KIND && attribute(span, REQUEST_ID_ATTRIBUTE) === requestId,
    );
    expect(serverSpan.name).toBe('GET /api/geo/search');
    const outgoing = await spanWhere(
      (span) =>
        span.kind === CLIENT_KIND &&
        span.parentSpanId === serverSpan.spanId &&
        String(attribute(span, 'url.full') ?? '').includes('/api?q=Lisbon'),
    );
    expect(outgoing.traceId).toBe(serverSpan.traceId);
  });

  it('is a file of its own: without an endpoint the server loads no tracing code', async () => {
    const dist = path.dirname(BUILT_MAIN);
    const main = await readFile(BUILT_MAIN, 'utf8');
    const serverBundle = await readFile(path.join(dist, 'server.js'), 'utf8');
    for (const bundle of [main, serverBundle]) {
      expect(bundle).not.toMatch(/from ["']@opentelemetry\//);
      expect(bundle).not.toMatch(/from ["']import-in-the-middle["']/);
      expect(bundle).not.toMatch(/from ["']prom-client["']/);
    }
    // main.js imports tracing.js only when the configuration asks for it.
    expect(main).toMatch(/config\.tracing \? await \(await import\("\.\/tracing\.js"\)\)/);
    const tracing = await readFile(path.join(dist, 'tracing.js'), 'utf8');
    expect(tracing).toMatch(/from ["']@opentelemetry\/sdk-node["']/);
  });
});
