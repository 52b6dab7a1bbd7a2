import { IMAGE_VARIANTS, type ImageVariant } from '@jammy/shared/storage';
import { Readable } from 'node:stream';
import type createSharp from 'sharp';
import type { Sharp } from 'sharp';
import type { StoredVariant } from '../../db/schema/itineraries';
import { AppError } from '../../lib/errors';
import type { BlobStore, StoredBlob } from './blob-store';
import { isHeic } from './upload-rules';

let loading: Promise<typeof createSharp> | undefined;

/**
 * sharp (libvips), loaded when the first photo is processed rather than at start: it takes
 * about half a second to load, and many servers process no photo for a long while.
 */
async function loadSharp(): Promise<typeof createSharp> {
  loading ??= import('sharp').then(({ default: loaded }) => {
    // One photo at a time per core is plenty; libvips' own threads do the rest.
    loaded.concurrency(1);
    return loaded;
  });
  return loading;
}

/** What processing a photo stored. */
export interface ProcessedImage extends StoredBlob {
  key: string;
  contentType: string;
  width: number;
  height: number;
  variants: Record<ImageVariant, StoredVariant>;
}

const ENCODERS: Record<string, (image: Sharp) => Sharp> = {
  'image/jpeg': (image) => image.jpeg({ quality: 90, mozjpeg: true }),
  'image/png': (image) => image.png({ compressionLevel: 6 }),
  'image/webp': (image) => image.webp({ quality: 90 }),
  'image/avif': (image) => image.avif({ quality: 60, effort: 2 }),
};

function unreadable(contentType: string): AppError {
  return new AppError(
    'request/unsupported-media-type',
    isHeic(contentType)
      ? 'HEIC photos cannot be converted on this server: please export the photo as JPEG'
      : 'This photo could not be read: the file may be damaged',
  );
}

/**
 * Makes a stored photo safe and quick to show: turned upright, its EXIF (place, camera)
 * removed unless the traveller keeps it, HEIC converted to JPEG, and WebP copies of 320 px
 * and 1280 px (longest side) made for lists and galleries. Reads the uploaded blob once,
 * streaming; only the small copies are held in memory.
 */
export async function processImage(
  store: BlobStore,
  uploaded: { key: string; contentType: string } & StoredBlob,
  target: string,
  keepExif: boolean,
): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  const source = await store.get(uploaded.key);
  if (!source) throw new Error(`The uploaded blob ${uploaded.key} is missing`);
  const input = sharp({ failOn: 'error', sequentialRead: true });
  source.once('error', (error) => input.destroy(error));
  source.pipe(input);

  const heic = isHeic(uploaded.contentType);
  // Kept as uploaded when the traveller keeps EXIF: nothing to strip, nothing to convert.
  const reencode = heic || !keepExif;
  const contentType = heic ? 'image/jpeg' : uploaded.contentType;
  const encode = ENCODERS[contentType] ?? ENCODERS['image/jpeg'];

  try {
    const upright = input.clone().rotate();
    const mediumImage = upright
      .clone()
      .resize(IMAGE_VARIANTS.medium, IMAGE_VARIANTS.medium, {
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 82 });
    const [metadata, medium, original] = await Promise.all([
      input.clone().metadata(),
      mediumImage.toBuffer({ resolveWithObject: true }),
      reencode && encode
        ? store.put(target, encode(upright.clone().keepIccProfile()), { contentType })
        : Promise.resolve(null),
    ]);
    const thumb = await sharp(medium.data)
      .resize(IMAGE_VARIANTS.thumb, IMAGE_VARIANTS.thumb, {
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 78 })
      .toBuffer({ resolveWithObject: true });
    const rotated = (metadata.orientation ?? 1) >= 5;
    const width = (rotated ? metadata.height : metadata.width) ?? medium.info.width;
    const height = (rotated ? metadata.width : metadata.height) ?? medium.info.height;

    const variants = {} as Record<ImageVariant, StoredVariant>;
    for (const [name, made] of [
      ['thumb', thumb],
      ['medium', medium],
    ] as const) {
      const key = `${target}.${name}.webp`;
      const stored = await store.put(key, Readable.from([made.data]), {
        contentType: 'image/webp',
      });
      variants[name] = { key, ...stored, width: made.info.width, height: made.info.height };
    }
    const kept = original ?? uploaded;
    return {
      key: original ? target : uploaded.key,
      size: kept.size,
      md5Hash: kept.md5Hash,
      contentType,
      width,
      height,
      variants,
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    // libvips' errors are plain Errors; those of the disk or of S3 carry a code or metadata.
    const systemError = error instanceof Error && ('code' in error || '$metadata' in error);
    if (error instanceof Error && !systemError) throw unreadable(uploaded.contentType);
    throw error;
  }
}
