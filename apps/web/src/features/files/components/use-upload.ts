import type { ObjectMetadata } from '@jammy/shared/storage';
import { useCallback, useEffect, useRef, useState } from 'react';
import { storageClient, type StorageClient, type UploadOptions } from '../api/storage-client';
import { StorageError } from '../lib/storage-error';

const defaultClient = storageClient();

/** Where one upload is, for a progress bar with cancel and retry. */
export type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; bytesTransferred: number; totalBytes: number }
  | { status: 'done'; metadata: ObjectMetadata }
  | { status: 'error'; error: StorageError; fileSize: number };

/**
 * One upload at a time with its progress; `cancel()` stops it (`storage/canceled`), and
 * `retry()` sends the last file again after a failure. Unmounting cancels a running upload.
 */
export function useUpload(client: StorageClient = defaultClient) {
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const last = useRef<{ path: string; file: Blob; options: UploadOptions } | null>(null);

  const start = useCallback(
    async (
      path: string,
      file: Blob,
      options: UploadOptions = {},
    ): Promise<ObjectMetadata | null> => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      last.current = { path, file, options };
      setState({ status: 'uploading', bytesTransferred: 0, totalBytes: file.size });
      try {
        const metadata = await client.upload(path, file, {
          ...options,
          signal: abort.signal,
          onProgress: (progress) => {
            if (!abort.signal.aborted) setState({ status: 'uploading', ...progress });
            options.onProgress?.(progress);
          },
        });
        setState({ status: 'done', metadata });
        return metadata;
      } catch (error) {
        const failure =
          error instanceof StorageError
            ? error
            : new StorageError(
                'storage/unknown',
                error instanceof Error ? error.message : String(error),
                // Not an answer of the network: nothing a retry would change.
                -1,
              );
        setState({ status: 'error', error: failure, fileSize: file.size });
        return null;
      } finally {
        if (controller.current === abort) controller.current = null;
      }
    },
    [client],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  const retry = useCallback(() => {
    const previous = last.current;
    return previous ? start(previous.path, previous.file, previous.options) : Promise.resolve(null);
  }, [start]);
  const reset = useCallback(() => setState({ status: 'idle' }), []);

  useEffect(() => () => controller.current?.abort(), []);

  return { state, start, cancel, retry, reset };
}
