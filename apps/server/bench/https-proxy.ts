// The reverse proxy a deployment puts in front of Jammy (README, "Deploy"), for the benchmarks:
// HTTPS with HTTP/2 to the browser, HTTP/1.1 to the server, as nginx or Caddy would. Its
// certificate is made for the run with `openssl` and trusted by the benchmark's Chromium
// through its public key (`--ignore-certificate-errors-spki-list`), so the browser treats the
// address as any secure origin.
import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import http, { type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import http2, { type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export interface HttpsProxy {
  /** `https://127.0.0.1:PORT` */
  origin: string;
  /** The Chromium switch that trusts this proxy's certificate. */
  chromiumSwitch: string;
  close(): Promise<void>;
}

/** Headers that belong to one connection (RFC 9113 §8.2.2): never forwarded either way. */
const CONNECTION_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'host',
  'http2-settings',
]);

function forwardable(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name.startsWith(':') || CONNECTION_HEADERS.has(name) || value === undefined) continue;
    kept[name] = value;
  }
  return kept;
}

/** A self-signed certificate for 127.0.0.1 in `folder`, and its public key's SHA-256. */
async function makeCertificate(folder: string) {
  const key = path.join(folder, 'proxy-key.pem');
  const cert = path.join(folder, 'proxy-cert.pem');
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
  } catch (error) {
    throw new Error('The HTTPS proxy needs the openssl command to make its certificate', {
      cause: error,
    });
  }
  const certificate = await readFile(cert);
  const spki = new X509Certificate(certificate).publicKey.export({ type: 'spki', format: 'der' });
  return {
    key: await readFile(key),
    cert: certificate,
    spkiHash: createHash('sha256').update(spki).digest('base64'),
  };
}

/**
 * Listens on a free port of 127.0.0.1 and forwards every request to `upstream`
 * (`http://127.0.0.1:PORT`) with `X-Forwarded-Proto: https` and `X-Forwarded-For`, streaming
 * both ways (the live events' `text/event-stream` included).
 */
export async function startHttpsProxy(upstream: string, folder: string): Promise<HttpsProxy> {
  const { key, cert, spkiHash } = await makeCertificate(folder);
  const target = new URL(upstream);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

  const server = http2.createSecureServer(
    { key, cert, allowHTTP1: true },
    (request: Http2ServerRequest, response: Http2ServerResponse) => {
      const upstreamRequest = http.request(
        {
          host: target.hostname,
          port: target.port,
          method: request.method,
          path: request.url,
          agent,
          headers: {
            ...forwardable(request.headers),
            host: request.headers[':authority'] ?? request.headers.host ?? target.host,
            'x-forwarded-proto': 'https',
            'x-forwarded-for': request.socket.remoteAddress ?? '127.0.0.1',
          },
        },
        (upstreamResponse) => {
          response.writeHead(
            upstreamResponse.statusCode ?? 502,
            forwardable(upstreamResponse.headers),
          );
          upstreamResponse.pipe(response);
        },
      );
      upstreamRequest.on('error', () => {
        if (!response.headersSent) response.writeHead(502);
        response.end();
      });
      request.pipe(upstreamRequest);
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    chromiumSwitch: `--ignore-certificate-errors-spki-list=${spkiHash}`,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.close(() => resolve());
        // Open HTTP/2 sessions (Lighthouse's browser keeps them) would hold close() forever.
        server.unref();
        setTimeout(resolve, 500).unref();
      }),
  };
}
