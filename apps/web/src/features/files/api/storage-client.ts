import type { ObjectList, ObjectMetadata, ObjectMetadataInput } from '@jammy/shared/storage';
import {
  DEFAULT_STORAGE_BUCKET,
  decodeUploadString,
  STORAGE_OPERATION_RETRY_MS,
  STORAGE_UPLOAD_RETRY_MS,
  type StringFormat,
} from '@jammy/shared/storage-plain';
import { withRetries, type RetryEnvironment } from '../lib/retry';
import { errorOfResponse, storageError, StorageError } from '../lib/storage-error';
import { xhrTransport, type StorageResponse, type Transport } from './transport';

/** Files up to this size go in one request; larger ones in resumable chunks. */
export const SINGLE_REQUEST_MAX_BYTES = 5 * 1024 * 1024;
/** Bytes per chunk of a resumable upload (a multiple of 256 KB, as the protocol wants). */
export const CHUNK_BYTES = 8 * 1024 * 1024;

export interface UploadProgress {
  bytesTransferred: number;
  totalBytes: number;
}

export interface UploadOptions {
  /** contentType (a hint: the server decides from the bytes), customMetadata, cacheControl… */
  metadata?: ObjectMetadataInput & { customMetadata?: Record<string, string> };
  onProgress?: (progress: UploadProgress) => void;
  /** Aborting cancels the upload: it rejects with `storage/canceled`. */
  signal?: AbortSignal;
}

export interface StorageClientOptions {
  bucket?: string;
  /** Where the server is ('' for this site). */
  origin?: string;
  transport?: Transport;
  environment?: RetryEnvironment;
}

/**
 * Jammy's client of the storage protocol (spec §7), for the web app: uploads with progress
 * and cancel, retried per spec §9, and the object operations. Errors are StorageErrors with
 * spec §8's codes; nothing is shown from here (the caller decides).
 */
export function storageClient(options: StorageClientOptions = {}) {
  const bucket = options.bucket ?? DEFAULT_STORAGE_BUCKET;
  const origin = options.origin ?? '';
  const transport = options.transport ?? xhrTransport;
  const { environment } = options;
  const objectUrl = (path: string, query = '') =>
    `${origin}/v0/b/${encodeURIComponent(bucket)}/o/${encodeURIComponent(path)}${query}`;
  const bucketUrl = (query: string) => `${origin}/v0/b/${encodeURIComponent(bucket)}/o?${query}`;

  /** Answers with 2xx (and 308 where asked) pass; anything else becomes its StorageError. */
  function checked(response: StorageResponse, also: number[] = []): StorageResponse {
    if ((response.status >= 200 && response.status < 300) || also.includes(response.status))
      return response;
    throw errorOfResponse(response.status, response.text);
  }

  function operation<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    return withRetries(work, { deadlineMs: STORAGE_OPERATION_RETRY_MS, signal, environment });
  }

  async function json<T>(request: Parameters<Transport>[0]): Promise<T> {
    return operation(
      async () => JSON.parse(checked(await transport(request)).text) as T,
      request.signal,
    );
  }

  /** The multipart/related body: the JSON metadata part, then the file. */
  function relatedBody(path: string, file: Blob, metadata: object) {
    const boundary = `jammy-${crypto.randomUUID()}`;
    const type = file.type || 'application/octet-stream';
    const head = `--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${JSON.stringify({ ...metadata, name: path, contentType: type })}\r\n--${boundary}\r\nContent-Type: ${type}\r\n\r\n`;
    return { body: new Blob([head, file, `\r\n--${boundary}--`]), boundary, overhead: head.length };
  }

  async function uploadOnce(
    path: string,
    file: Blob,
    upload: UploadOptions,
  ): Promise<ObjectMetadata> {
    const { body, boundary, overhead } = relatedBody(path, file, upload.metadata ?? {});
    const response = await transport({
      method: 'POST',
      url: bucketUrl(`name=${encodeURIComponent(path)}`),
      headers: {
        'content-type': `multipart/related; boundary=${boundary}`,
        'x-goog-upload-protocol': 'multipart',
      },
      body,
      signal: upload.signal,
      onProgress: (sent) =>
        upload.onProgress?.({
          bytesTransferred: Math.min(file.size, Math.max(0, sent - overhead)),
          totalBytes: file.size,
        }),
    });
    return JSON.parse(checked(response).text) as ObjectMetadata;
  }

  /** Where a resumable upload is: its address once started, and whether to ask how far it got. */
  interface ResumableState {
    address?: string;
    offset: number;
    needStatus: boolean;
  }

  /**
   * One try at a resumable upload: starts it the first time; after a failure, asks the
   * server how far it got and goes on from there (the chunks it has are not sent again).
   */
  async function uploadResumable(
    path: string,
    file: Blob,
    upload: UploadOptions,
    state: ResumableState,
  ): Promise<ObjectMetadata> {
    try {
      if (!state.address) {
        const start = checked(
          await transport({
            method: 'POST',
            url: bucketUrl(`name=${encodeURIComponent(path)}`),
            headers: {
              'content-type': 'application/json; charset=utf-8',
              'x-goog-upload-protocol': 'resumable',
              'x-goog-upload-command': 'start',
              'x-goog-upload-header-content-length': String(file.size),
              'x-goog-upload-header-content-type': file.type || 'application/octet-stream',
            },
            body: JSON.stringify({ ...upload.metadata, name: path }),
            signal: upload.signal,
          }),
        );
        const address = start.header('x-goog-upload-url');
        if (!address) throw storageError('unknown', start.status, start.text);
        state.address = address;
      }
      const address = state.address;
      if (state.needStatus) {
        const status = checked(
          await transport({
            method: 'POST',
            url: address,
            headers: { 'x-goog-upload-command': 'query' },
            signal: upload.signal,
          }),
        );
        state.offset = Number(status.header('x-goog-upload-size-received') ?? state.offset);
        state.needStatus = false;
      }
      for (;;) {
        const base = state.offset;
        const end = Math.min(base + CHUNK_BYTES, file.size);
        const response = checked(
          await transport({
            method: 'POST',
            url: address,
            headers: {
              'x-goog-upload-command': end === file.size ? 'upload, finalize' : 'upload',
              'x-goog-upload-offset': String(base),
            },
            body: file.slice(base, end),
            signal: upload.signal,
            onProgress: (sent) =>
              upload.onProgress?.({ bytesTransferred: base + sent, totalBytes: file.size }),
          }),
        );
        if (response.header('x-goog-upload-status') === 'final') {
          return JSON.parse(response.text) as ObjectMetadata;
        }
        state.offset = end;
      }
    } catch (error) {
      if (state.address) state.needStatus = true;
      throw error;
    }
  }

  return {
    /**
     * Uploads a file to `path` (e.g. `itineraries/{id}/photos/{uuid}.jpg`) with progress;
     * retried per spec §9 for up to 10 minutes. Resolves with the object's metadata.
     */
    async upload(path: string, file: Blob, upload: UploadOptions = {}): Promise<ObjectMetadata> {
      upload.onProgress?.({ bytesTransferred: 0, totalBytes: file.size });
      const state: ResumableState = { offset: 0, needStatus: false };
      const attempt =
        file.size <= SINGLE_REQUEST_MAX_BYTES
          ? () => uploadOnce(path, file, upload)
          : () => uploadResumable(path, file, upload, state);
      let metadata: ObjectMetadata;
      try {
        metadata = await withRetries(attempt, {
          deadlineMs: STORAGE_UPLOAD_RETRY_MS,
          signal: upload.signal,
          environment,
        });
      } catch (error) {
        // A cancelled resumable upload is ended on the server too: the room it keeps in the
        // quota, and its place among the few a traveller may have open, are free at once.
        // If this does not arrive, the server ends it within the hour.
        if (state.address && error instanceof StorageError && error.code === 'storage/canceled') {
          void transport({
            method: 'POST',
            url: state.address,
            headers: { 'x-goog-upload-command': 'cancel' },
          }).catch(() => undefined);
        }
        throw error;
      }
      upload.onProgress?.({ bytesTransferred: file.size, totalBytes: file.size });
      return metadata;
    },

    /** Uploads a string in one of spec §5's formats (checked here: `storage/invalid-format`). */
    uploadString(
      path: string,
      value: string,
      format: StringFormat = 'raw',
      upload: UploadOptions = {},
    ) {
      let decoded;
      try {
        decoded = decodeUploadString(value, format);
      } catch (error) {
        throw new StorageError('storage/invalid-format', (error as Error).message);
      }
      const type = upload.metadata?.contentType ?? decoded.contentType ?? '';
      return this.upload(
        path,
        new Blob([decoded.bytes as Uint8Array<ArrayBuffer>], { type }),
        upload,
      );
    },

    getMetadata: (path: string, signal?: AbortSignal) =>
      json<ObjectMetadata>({ method: 'GET', url: objectUrl(path), signal }),

    updateMetadata: (path: string, metadata: ObjectMetadataInput, signal?: AbortSignal) =>
      json<ObjectMetadata>({
        method: 'PATCH',
        url: objectUrl(path),
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify(metadata),
        signal,
      }),

    deleteObject: (path: string, signal?: AbortSignal) =>
      operation(async () => {
        checked(await transport({ method: 'DELETE', url: objectUrl(path), signal }));
      }, signal),

    list: (
      prefix: string,
      page: { delimiter?: '/' | ''; pageToken?: string; maxResults?: number } = {},
    ) => {
      const query = new URLSearchParams({ prefix, delimiter: page.delimiter ?? '/' });
      if (page.pageToken) query.set('pageToken', page.pageToken);
      if (page.maxResults) query.set('maxResults', String(page.maxResults));
      return json<ObjectList>({ method: 'GET', url: bucketUrl(query.toString()) });
    },

    /** The address that opens the file without a session (its first download token). */
    async getDownloadUrl(path: string): Promise<string> {
      const metadata = await this.getMetadata(path);
      const token = metadata.downloadTokens.split(',')[0];
      if (!token) throw storageError('no-download-url');
      return objectUrl(path, `?alt=media&token=${encodeURIComponent(token)}`);
    },
  };
}

export type StorageClient = ReturnType<typeof storageClient>;
