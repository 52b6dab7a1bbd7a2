// Test support: OSRM, Valhalla and GraphHopper look-alikes on loopback, answering in the shapes
// their documentation gives, so tests never go online.
import http from 'node:http';
import { listenLocally } from '../../lib/listen-locally';

export interface RecordedRouterRequest {
  path: string;
  params: URLSearchParams;
  body: unknown;
}

/** How the fake answers: as a server would, refusing (OSRM's NoTable), with a 500, too late, not JSON. */
export type FakeRouterMode = 'ok' | 'refuse' | 'fail' | 'slow' | 'garbage';

export interface FakeRouter {
  /** Its base address, e.g. http://127.0.0.1:PORT. */
  url: string;
  /** 'ok' until a test changes it. */
  mode: FakeRouterMode;
  /** The point (by its index in a request) no way reaches or leaves. */
  unreachable: number | undefined;
  requests: RecordedRouterRequest[];
  close(): Promise<void>;
}

/** How long the fake takes to answer in the 'slow' mode. */
export const SLOW_ROUTER_MS = 10_000;
/** Every way between two different points, whatever they are: 1.7 km in 20 min 30 s. */
export const FAKE_WAY = { meters: 1700, seconds: 1230 };

function cell(from: number, to: number, unreachable: number | undefined) {
  if (from === to) return { meters: 0, seconds: 0 };
  return from === unreachable || to === unreachable ? null : FAKE_WAY;
}

/** OSRM's Table service: `durations` and `distances`, a row per source, null for no route. */
function osrmTable(points: number, unreachable: number | undefined) {
  const waypoint = {
    hint: 'fake',
    distance: 1.5,
    name: 'Via dei Fori Imperiali',
    location: [0, 0],
  };
  const rows = (pick: (way: typeof FAKE_WAY) => number) =>
    Array.from({ length: points }, (_, from) =>
      Array.from({ length: points }, (_, to) => {
        const way = cell(from, to, unreachable);
        return way ? pick(way) : null;
      }),
    );
  return {
    code: 'Ok',
    durations: rows((way) => way.seconds),
    distances: rows((way) => way.meters),
    sources: Array.from({ length: points }, () => waypoint),
    destinations: Array.from({ length: points }, () => waypoint),
  };
}

/** Valhalla's matrix: a row of cells per source, distance in kilometres, time in seconds. */
function valhallaMatrix(points: number, unreachable: number | undefined) {
  const locations = Array.from({ length: points }, () => [{ lat: 0, lon: 0 }]);
  return {
    sources_to_targets: Array.from({ length: points }, (_, from) =>
      Array.from({ length: points }, (_, to) => {
        const way = cell(from, to, unreachable);
        return {
          from_index: from,
          to_index: to,
          distance: way ? way.meters / 1000 : null,
          time: way ? way.seconds : null,
        };
      }),
    ),
    sources: locations,
    targets: locations,
    units: 'kilometers',
  };
}

/** GraphHopper's route: one path, metres and milliseconds; or its 400 for no connection. */
function graphhopperRoute(unreachable: number | undefined): [number, unknown] {
  if (unreachable !== undefined) {
    return [
      400,
      {
        message: 'Connection between locations not found',
        hints: [
          {
            message: 'Connection between locations not found',
            details: 'com.graphhopper.util.exceptions.ConnectionNotFoundException',
          },
        ],
      },
    ];
  }
  return [
    200,
    {
      hints: { 'visited_nodes.sum': 58, 'visited_nodes.average': 58 },
      info: { copyrights: ['GraphHopper', 'OpenStreetMap contributors'], took: 2 },
      paths: [
        {
          distance: FAKE_WAY.meters,
          weight: 300.2,
          time: FAKE_WAY.seconds * 1000,
          transfers: 0,
          points_encoded: true,
          bbox: [12.47, 41.89, 12.5, 41.9],
        },
      ],
    },
  ];
}

function readBody(request: http.IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      resolve(text ? JSON.parse(text) : undefined);
    });
  });
}

function answer(path: string, body: unknown, unreachable: number | undefined): [number, unknown] {
  if (path.startsWith('/table/v1/')) {
    const points = path.split('/').at(-1)?.split(';').length ?? 0;
    return [200, osrmTable(points, unreachable)];
  }
  if (path === '/sources_to_targets') {
    const sources = (body as { sources?: unknown[] } | undefined)?.sources?.length ?? 0;
    return [200, valhallaMatrix(sources, unreachable)];
  }
  if (path === '/route') return graphhopperRoute(unreachable);
  return [404, { message: 'not found' }];
}

/** Answers OSRM's GET /table, Valhalla's POST /sources_to_targets and GraphHopper's POST /route. */
export async function startFakeRouter(): Promise<FakeRouter> {
  const requests: RecordedRouterRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let mode: FakeRouterMode = 'ok';
  let unreachable: number | undefined;
  const server = http.createServer((request, response) => {
    const handle = async () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const body = await readBody(request);
      requests.push({ path: url.pathname, params: url.searchParams, body });
      const send = (status: number, json: unknown) =>
        response
          .writeHead(status, { 'content-type': 'application/json' })
          .end(JSON.stringify(json));
      if (mode === 'fail') return send(500, { message: 'internal error' });
      if (mode === 'garbage') return response.writeHead(200).end('<html>oops</html>');
      if (mode === 'refuse') return send(400, { code: 'NoTable', message: 'No table found' });
      const [status, json] = answer(url.pathname, body, unreachable);
      if (mode !== 'slow') return send(status, json);
      timers.add(setTimeout(() => send(status, json), SLOW_ROUTER_MS));
    };
    void handle();
  });
  const { url, close } = await listenLocally(server, timers);
  return {
    url,
    get mode() {
      return mode;
    },
    set mode(next) {
      mode = next;
    },
    get unreachable() {
      return unreachable;
    },
    set unreachable(next) {
      unreachable = next;
    },
    requests,
    close,
  };
}
