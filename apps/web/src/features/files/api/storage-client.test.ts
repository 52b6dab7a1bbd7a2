import { describe, expect, it } from 'vitest';
import { STORAGE_MESSAGES } from '@jammy/shared/storage-plain';
import type { RetryEnvironment } from '../lib/retry';
import { CHUNK_BYTES, storageClient } from './storage-client';
import { StorageError } from '../lib/storage-error';
import type { StorageRequest, StorageResponse, Transport } from './transport';

/** A clock that only moves when the client sleeps, and no jitter unless asked. */
function fakeEnvironment(jitter = 0): RetryEnvironment & { waits: number[] } {
  let now = 0;
  const waits: number[] = [];
  return {
    waits,
    now: () => now,
    random: () => jitter,
    sleep: async (ms, signal) => {
      if (signal?.aborted) throw Object.assign(new Error('canceled'), { code: 'storage/canceled' });
      waits.push(ms);
      now += ms;
    },
  };
}

function answer(
  status: number,
  body: unknown = {},
  headers: Record<string, string> = {},
): StorageResponse {
  return {
    status,
    header: (name) => headers[name.toLowerCase()] ?? null,
    text: typeof body === 'string' ? body : JSON.stringify(body),
  };
}

const META = { fullPath: 'itineraries/x/a.png', downloadTokens: 'tok', md5Hash: 'm' };

/** A transport answering from a script of statuses (the last one repeats), recording requests. */
function scripted(statuses: number[], final: unknown = META) {
  const requests: StorageRequest[] = [];
  const transport: Transport = async (request) => {
    requests.push(request);
    const status = statuses[Math.min(requests.length - 1, statuses.length - 1)] ?? 200;
    return status === 200
      ? answer(200, final)
      : answer(status, { error: { code: 'x', message: 'x' } });
  };
  return { requests, transport };
}

async function failure(work: Promise<unknown>): Promise<StorageError> {
  try {
    await work;
  } catch (error) {
    return error as StorageError;
  }
  throw new Error('expected a failure');
}

describe('retries (spec §9)', () => {
  it('retries 5xx, 408 and 429, waiting twice as long each time plus jitter', async () => {
    const environment = fakeEnvironment(0.5);
    const { requests, transport } = scripted([503, 408, 429, 500, 200]);
    const client = storageClient({ transport, environment });
    expect(await client.getMetadata('itineraries/x/a.png')).toEqual(META);
    expect(requests).toHaveLength(5);
    expect(environment.waits).toEqual([1500, 2500, 4500, 8500]);
  });

  it('does not retry other answers: a missing object is storage/object-not-found at once', async () => {
    const environment = fakeEnvironment();
    const client = storageClient({ transport: async () => answer(404, 'Not Found'), environment });
    const error = await failure(client.getMetadata('itineraries/x/none.png'));
    expect(error).toMatchObject({
      code: 'storage/object-not-found',
      status: 404,
      message: STORAGE_MESSAGES['object-not-found'],
    });
    expect(environment.waits).toEqual([]);
    const denied = await failure(
      storageClient({ transport: async () => answer(403, ''), environment }).deleteObject('a/b'),
    );
    expect(denied.code).toBe('storage/unauthorized');
    const server = await failure(
      storageClient({
        transport: async () =>
          answer(400, { error: { code: 'storage/invalid-argument', message: 'name: bad' } }),
        environment,
      }).getMetadata('a/b'),
    );
    expect(server).toMatchObject({ code: 'storage/invalid-argument', message: 'name: bad' });
  });

  it('gives up on an operation after 2 minutes with storage/retry-limit-exceeded (waits up to 64 s)', async () => {
    const environment = fakeEnvironment();
    const { transport } = scripted([503]);
    const error = await failure(storageClient({ transport, environment }).getMetadata('a/b'));
    expect(error.code).toBe('storage/retry-limit-exceeded');
    expect(error.message).toBe('Max retry time for operation exceeded, please try again.');
    // 63 s waited; another 64 s would end past the 2 minutes.
    expect(environment.waits).toEqual([1000, 2000, 4000, 8000, 16000, 32000]);
    expect(environment.waits.reduce((sum, wait) => sum + wait, 0)).toBeLessThanOrEqual(120_000);
  });

  it('keeps trying an upload for 10 minutes', async () => {
    const environment = fakeEnvironment();
    const { transport } = scripted([502]);
    const error = await failure(
      storageClient({ transport, environment }).upload('a/b.pdf', new Blob(['%PDF'])),
    );
    expect(error.code).toBe('storage/retry-limit-exceeded');
    const total = environment.waits.reduce((sum, wait) => sum + wait, 0);
    expect(total).toBeGreaterThan(480_000);
    expect(total).toBeLessThanOrEqual(600_000);
    expect(Math.max(...environment.waits)).toBe(64_000);
  });

  it('retries a request that got no answer at all (offline)', async () => {
    const environment = fakeEnvironment();
    let calls = 0;
    const transport: Transport = async () => {
      calls += 1;
      if (calls === 1) throw new StorageError('storage/unknown', 'The network request failed', 0);
      return answer(200, META);
    };
    expect(await storageClient({ transport, environment }).getMetadata('a/b')).toEqual(META);
    expect(environment.waits).toEqual([1000]);
  });
});

describe('uploads', () => {
  it('sends a small file as multipart/related and reports progress', async () => {
    const environment = fakeEnvironment();
    const requests: StorageRequest[] = [];
    const transport: Transport = async (request) => {
      requests.push(request);
      const body = request.body as Blob;
      request.onProgress?.(body.size / 2);
      request.onProgress?.(body.size);
      return answer(200, META);
    };
    const progress: number[] = [];
    const file = new Blob([new Uint8Array(1000)], { type: 'image/png' });
    await storageClient({ transport, environment }).upload('itineraries/x/photos/a.png', file, {
      metadata: { customMetadata: { keepExif: 'true' } },
      onProgress: (event) => progress.push(event.bytesTransferred),
    });
    expect(requests[0]?.url).toBe('/v0/b/jammy/o?name=itineraries%2Fx%2Fphotos%2Fa.png');
    expect(requests[0]?.headers?.['content-type']).toMatch(/^multipart\/related; boundary=/);
    const text = await (requests[0]?.body as Blob).text();
    expect(text).toContain('"customMetadata":{"keepExif":"true"}');
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(1000);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('sends a large file in resumable chunks and, after a failed chunk, resumes from what arrived', async () => {
    const environment = fakeEnvironment();
    const size = CHUNK_BYTES * 2 + 10;
    const sent: string[] = [];
    let received = 0;
    let failedOnce = false;
    const transport: Transport = async (request) => {
      const command = request.headers?.['x-goog-upload-command'] ?? '';
      sent.push(`${command}@${request.headers?.['x-goog-upload-offset'] ?? ''}`);
      if (command === 'start')
        return answer(
          200,
          {},
          { 'x-goog-upload-url': '/upload/1', 'x-goog-upload-status': 'active' },
        );
      if (command === 'query')
        return answer(
          200,
          {},
          { 'x-goog-upload-size-received': String(received), 'x-goog-upload-status': 'active' },
        );
      const offset = Number(request.headers?.['x-goog-upload-offset']);
      const length = (request.body as Blob).size;
      if (offset === CHUNK_BYTES && !failedOnce) {
        failedOnce = true;
        return answer(503, '');
      }
      received = offset + length;
      request.onProgress?.(length);
      return command.includes('finalize')
        ? answer(200, META, { 'x-goog-upload-status': 'final' })
        : answer(200, {}, { 'x-goog-upload-status': 'active' });
    };
    const progress: number[] = [];
    const result = await storageClient({ transport, environment }).upload(
      'a/big.pdf',
      new Blob([new Uint8Array(size)]),
      {
        onProgress: (event) => progress.push(event.bytesTransferred),
      },
    );
    expect(result).toEqual(META);
    expect(sent).toEqual([
      'start@',
      'upload@0',
      `upload@${CHUNK_BYTES}`,
      'query@',
      `upload@${CHUNK_BYTES}`,
      `upload, finalize@${CHUNK_BYTES * 2}`,
    ]);
    expect(environment.waits).toEqual([1000]);
    expect(progress.at(-1)).toBe(size);
  });

  it('cancels: "User canceled the upload/download." (storage/canceled), never retried', async () => {
    const controller = new AbortController();
    const environment = fakeEnvironment();
    const transport: Transport = async (request) => {
      controller.abort();
      if (request.signal?.aborted) throw Object.assign(new Error(), { code: 'storage/canceled' });
      return answer(200, META);
    };
    const client = storageClient({ transport, environment });
    const error = await failure(
      client.upload('a/b.pdf', new Blob(['%PDF']), { signal: controller.signal }),
    );
    expect(error.code).toBe('storage/canceled');
    expect(error.message).toBe('User canceled the upload/download.');
    expect(environment.waits).toEqual([]);
  });

  it('cancels a resumable upload on the server too, so that it frees its room at once', async () => {
    const controller = new AbortController();
    const sent: { command: string; url: string; aborted: boolean }[] = [];
    const transport: Transport = async (request) => {
      const command = request.headers?.['x-goog-upload-command'] ?? '';
      sent.push({ command, url: request.url, aborted: request.signal?.aborted ?? false });
      if (command === 'start') {
        return answer(
          200,
          {},
          { 'x-goog-upload-url': '/upload/7', 'x-goog-upload-status': 'active' },
        );
      }
      if (command === 'cancel') return answer(200, {}, { 'x-goog-upload-status': 'cancelled' });
      controller.abort();
      throw Object.assign(new Error(), { code: 'storage/canceled' });
    };
    const error = await failure(
      storageClient({ transport, environment: fakeEnvironment() }).upload(
        'a/big.pdf',
        new Blob([new Uint8Array(CHUNK_BYTES + 1)]),
        { signal: controller.signal },
      ),
    );
    expect(error.code).toBe('storage/canceled');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent.map((request) => request.command)).toEqual(['start', 'upload', 'cancel']);
    expect(sent.at(-1)).toMatchObject({ url: '/upload/7', aborted: false });
  });

  it('cancels while waiting to retry', async () => {
    const controller = new AbortController();
    const environment = fakeEnvironment();
    const sleep = environment.sleep;
    environment.sleep = async (ms, signal) => {
      controller.abort();
      return sleep(ms, signal);
    };
    const { transport } = scripted([503]);
    const error = await failure(
      storageClient({ transport, environment }).upload('a/b.pdf', new Blob(['%PDF']), {
        signal: controller.signal,
      }),
    );
    expect(error.code).toBe('storage/canceled');
  });
});

describe('upload strings (spec §5)', () => {
  it('takes raw, base64, base64url and data URLs, and refuses a string that does not match', async () => {
    const bodies: Blob[] = [];
    const transport: Transport = async (request) => {
      bodies.push(request.body as Blob);
      return answer(200, META);
    };
    const client = storageClient({ transport, environment: fakeEnvironment() });
    await client.uploadString('a/raw.pdf', '%PDF-1.4', 'raw');
    await client.uploadString('a/b64.pdf', btoa('%PDF-1.4'), 'base64');
    await client.uploadString('a/b64url.bin', 'A-_A', 'base64url');
    await client.uploadString('a/data.png', 'data:image/png;base64,iVBORw0KGgo=', 'data_url');
    const parts = await Promise.all(bodies.map((body) => body.text()));
    expect(parts[0]).toContain('%PDF-1.4');
    expect(parts[1]).toContain('%PDF-1.4');
    expect(parts[3]).toContain('"contentType":"image/png"');
    for (const [value, format] of [
      ['a+b/', 'base64url'],
      ['a-b_', 'base64'],
      ['not a data url', 'data_url'],
      ['abc!', 'base64'],
    ] as const) {
      const error = await failure(
        Promise.resolve().then(() => client.uploadString('a/x', value, format)),
      );
      expect(error.code, `${format}: ${value}`).toBe('storage/invalid-format');
    }
  });
});
