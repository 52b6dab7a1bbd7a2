import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import type { S3Config } from '../../config/storage';
import { assertBlobKey, hashingCounter, type BlobStore } from './blob-store';

/** Parts of a multipart upload: S3's smallest; one part in flight keeps memory per upload low. */
const PART_SIZE = 5 * 1024 * 1024;

/**
 * Blobs in any S3-compatible store (AWS S3, MinIO, Garage, Ceph, R2…). Writes stream through
 * an MD5 counter into a multipart upload (one 5 MB part buffered at a time); S3 makes an
 * object visible only once complete, and an aborted upload leaves nothing.
 */
export function s3BlobStore(config: S3Config): BlobStore {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksums only where S3 requires them: many compatible stores do not know the newer
    // trailing-checksum encodings, and Jammy keeps its own MD5 of every object.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  return {
    kind: 's3',
    async open() {},
    async close() {
      client.destroy();
    },
    async put(key, source, options = {}) {
      assertBlobKey(key);
      const counter = hashingCounter();
      source.on('error', (error) => counter.destroy(error));
      const upload = new Upload({
        client,
        params: {
          Bucket: config.bucket,
          Key: key,
          Body: source.pipe(counter),
          ContentType: options.contentType ?? 'application/octet-stream',
        },
        partSize: PART_SIZE,
        queueSize: 1,
        leavePartsOnError: false,
      });
      await upload.done();
      return counter.result();
    },
    async get(key, range) {
      assertBlobKey(key);
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket: config.bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        if (!answer.Body) return null;
        return answer.Body instanceof Readable
          ? answer.Body
          : Readable.fromWeb(answer.Body.transformToWebStream() as never);
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) {
          return null;
        }
        throw error;
      }
    },
    async delete(key) {
      assertBlobKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },
  };
}
