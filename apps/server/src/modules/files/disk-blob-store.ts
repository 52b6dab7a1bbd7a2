import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertBlobKey, hashingCounter, type BlobStore } from './blob-store';

/**
 * Blobs as files under DATA_DIR/files. A write goes to a temporary file (MD5 computed while
 * streaming), is flushed to disk (fsync) and renamed into place: a half-written blob is never
 * visible, and a crash mid-write leaves only a temporary file, removed at the next start.
 */
export function diskBlobStore(root: string): BlobStore {
  const tempDir = path.join(root, '.tmp');
  const fileOf = (key: string) => {
    assertBlobKey(key);
    return path.join(root, ...key.split('/'));
  };

  return {
    kind: 'disk',
    async open() {
      await rm(tempDir, { recursive: true, force: true });
      await mkdir(tempDir, { recursive: true });
    },
    async close() {},
    async put(key, source) {
      // The source may fail while the file is being opened: the pipeline below reports it.
      source.on('error', () => {});
      const target = fileOf(key);
      const temp = path.join(tempDir, randomUUID());
      const handle = await open(temp, 'w', 0o640);
      const counter = hashingCounter();
      try {
        await pipeline(source, counter, async (chunks: AsyncIterable<Buffer>) => {
          for await (const chunk of chunks) await handle.write(chunk);
        });
        await handle.sync();
      } catch (error) {
        await handle.close().catch(() => {});
        await unlink(temp).catch(() => {});
        throw error;
      }
      await handle.close();
      try {
        await mkdir(path.dirname(target), { recursive: true });
        await rename(temp, target);
        // The rename itself is made durable by flushing the folder's entry.
        const folder = await open(path.dirname(target), 'r');
        await folder.sync().finally(() => folder.close());
      } catch (error) {
        await unlink(temp).catch(() => {});
        throw error;
      }
      return counter.result();
    },
    async get(key, range) {
      const file = fileOf(key);
      try {
        const handle = await open(file, 'r');
        // The stream closes the file when it ends or is destroyed.
        return handle.createReadStream({
          ...(range ? { start: range.start, end: range.end } : {}),
          highWaterMark: 256 * 1024,
        });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
