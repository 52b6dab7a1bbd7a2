import { storageError, StorageError } from '../lib/storage-error';

/** One HTTP request of the storage protocol. */
export interface StorageRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  body?: Blob | string;
  /** Bytes of the body sent so far (uploads). */
  onProgress?: (sent: number) => void;
  signal?: AbortSignal;
}

export interface StorageResponse {
  status: number;
  header(name: string): string | null;
  text: string;
}

/** Sends a request; rejects with a StorageError of status 0 when no answer came. */
export type Transport = (request: StorageRequest) => Promise<StorageResponse>;

/**
 * XMLHttpRequest, because it reports upload progress (fetch does not); same-origin, so the
 * session cookie goes along. Aborting rejects with `storage/canceled`.
 */
export const xhrTransport: Transport = (request) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, request.url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(request.headers ?? {}))
      xhr.setRequestHeader(name, value);
    if (request.onProgress) {
      const report = request.onProgress;
      xhr.upload.addEventListener('progress', (event) => report(event.loaded));
    }
    const onAbort = () => xhr.abort();
    request.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => request.signal?.removeEventListener('abort', onAbort);
    xhr.addEventListener('load', () => {
      done();
      resolve({
        status: xhr.status,
        header: (name) => xhr.getResponseHeader(name),
        text: xhr.responseText,
      });
    });
    xhr.addEventListener('error', () => {
      done();
      reject(new StorageError('storage/unknown', 'The network request failed', 0));
    });
    xhr.addEventListener('abort', () => {
      done();
      reject(storageError('canceled'));
    });
    if (request.signal?.aborted) {
      xhr.abort();
      return;
    }
    xhr.send(request.body ?? null);
  });
