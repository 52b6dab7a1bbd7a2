import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A body as Jammy answered it, for the bare server to send from memory. */
export interface BareBody {
  body: Buffer;
  contentType: string;
}

/**
 * The floor of any Node server here: node:http answering each path with the bytes Jammy sent
 * for it, kept in memory, with nothing else to do. Each hot read is compared with it sending
 * the same bytes, so a ratio says what Jammy costs beyond writing its answer.
 */
export interface BareServer {
  /** Answers `path` (its query included) with `body` from now on. */
  serve(path: string, body: BareBody): void;
  url(path: string): string;
  close(): Promise<void>;
}

export async function startBareServer(): Promise<BareServer> {
  const bodies = new Map<string, BareBody>();
  const server = http.createServer((request, response) => {
    const found = bodies.get(request.url ?? '');
    if (!found) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'content-type': found.contentType,
      'content-length': found.body.length,
    });
    response.end(found.body);
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
  return {
    serve: (path, body) => bodies.set(path, body),
    url: (path) => `http://127.0.0.1:${port}${path}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** What Jammy answers at `url` (200 expected), as the bare server will send it. */
export async function bodyOf(url: string, headers: Record<string, string>): Promise<BareBody> {
  const response = await fetch(url, { headers });
  if (response.status !== 200) {
    throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`);
  }
  return {
    body: Buffer.from(await response.arrayBuffer()),
    contentType: response.headers.get('content-type') ?? 'application/json',
  };
}
