import { z } from 'zod';
import { instantSchema, versionSchema } from './fields';
import { idSchema } from './ids';
import { objectPathProblem } from './storage';
import { textSchema } from './text';
import { MEDIA_LIMITS } from './media-plain';

export * from './media-plain';

/**
 * How the product's data refers to stored files (issue 11): an itinerary's cover, photos of
 * a stage, a place or the trip (with a caption, in order), and attachments of the trip or a
 * place (tickets, bookings). A file is uploaded through the storage protocol first (under
 * `itineraries/{id}/cover/…`, `…/photos/…` or `…/attachments/…`), then named by its path here.
 */

/** A stored file as pages show it: addresses carry a download token (they work in <img>). */
export const fileRefSchema = z
  .object({
    path: z.string(),
    contentType: z.string(),
    size: z.number().int(),
    /** Pixels (photos); null for documents. */
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    /** The file itself (`/v0/b/{bucket}/o/{path}?alt=media&token=…`). */
    url: z.string(),
    /** WebP copies of photos: 320 px and 1280 px on the longest side; null for documents. */
    thumbUrl: z.string().nullable(),
    mediumUrl: z.string().nullable(),
  })
  .meta({ id: 'FileRef' });
export type FileRef = z.infer<typeof fileRefSchema>;

/** An object path in a request, checked by the storage rules. */
export const objectPathSchema = z
  .string('must be an object path')
  .max(1100, 'must be at most 1024 bytes long')
  .superRefine((value, context) => {
    const problem = objectPathProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

const timestamps = {
  createdAt: instantSchema,
  updatedAt: instantSchema,
  version: z.number().int(),
};

export const photoSchema = z
  .object({
    id: idSchema,
    itineraryId: idSchema,
    /** At most one of stageId and placeId: neither is a photo of the whole trip. */
    stageId: idSchema.nullable(),
    placeId: idSchema.nullable(),
    caption: z.string(),
    position: z.string(),
    file: fileRefSchema,
    ...timestamps,
  })
  .meta({ id: 'Photo' });
export type Photo = z.infer<typeof photoSchema>;

export const attachmentSchema = z
  .object({
    id: idSchema,
    itineraryId: idSchema,
    placeId: idSchema.nullable(),
    title: z.string(),
    /** Members only (the default): never shown through a share link. */
    private: z.boolean(),
    file: fileRefSchema,
    ...timestamps,
  })
  .meta({ id: 'Attachment' });
export type Attachment = z.infer<typeof attachmentSchema>;

const caption = textSchema({ max: MEDIA_LIMITS.caption, multiline: true });
const title = textSchema({ max: MEDIA_LIMITS.attachmentTitle });

function oneOwner(
  value: { stageId?: string | null; placeId?: string | null },
  context: z.RefinementCtx,
) {
  if (value.stageId && value.placeId) {
    context.addIssue({
      code: 'custom',
      path: ['placeId'],
      message: 'must be empty when stageId is set',
    });
  }
}

export const createPhotoSchema = z
  .strictObject({
    /** The uploaded photo, e.g. `itineraries/{id}/photos/{uuid}.jpg`. */
    path: objectPathSchema,
    stageId: idSchema.nullable().optional(),
    placeId: idSchema.nullable().optional(),
    caption: caption.optional(),
  })
  .superRefine(oneOwner);
export const updatePhotoSchema = z
  .strictObject({
    caption: caption.optional(),
    /** Moves the photo to another stage or place (it goes last there). */
    stageId: idSchema.nullable().optional(),
    placeId: idSchema.nullable().optional(),
    version: versionSchema.optional(),
  })
  .superRefine(oneOwner);

export const createAttachmentSchema = z.strictObject({
  /** The uploaded document, e.g. `itineraries/{id}/attachments/{uuid}/ticket.pdf`. */
  path: objectPathSchema,
  placeId: idSchema.nullable().optional(),
  /** Defaults to the file's name. */
  title: title.optional(),
  private: z.boolean().optional(),
});
export const updateAttachmentSchema = z.strictObject({
  title: textSchema({ max: MEDIA_LIMITS.attachmentTitle, required: true }).optional(),
  placeId: idSchema.nullable().optional(),
  private: z.boolean().optional(),
  version: versionSchema.optional(),
});

export const photosQuerySchema = z.strictObject({
  stageId: idSchema.optional(),
  placeId: idSchema.optional(),
});
export const attachmentsQuerySchema = z.strictObject({ placeId: idSchema.optional() });
