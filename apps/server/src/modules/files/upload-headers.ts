import { objectMetadataInputSchema, type ObjectMetadataInput } from '@jammy/shared/storage';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, validationError } from '../../lib/errors';
import { invalidArgument } from './storage-protocol';

/**
 * What the upload requests of the protocol say in their headers (the Firebase SDK's
 * `X-Goog-Upload-*`, the JSON API's `Content-Range`), read and checked for the routes.
 */

export function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** A header holding a number of bytes; 400 naming it when it holds anything else. */
export function sizeHeader(request: FastifyRequest, name: string): number | undefined {
  const value = header(request, name);
  if (value === undefined) return undefined;
  if (!/^\d{1,15}$/.test(value.trim())) throw invalidArgument(name, 'must be a number of bytes');
  return Number(value);
}

/** The commands of `X-Goog-Upload-Command` (`upload, finalize`…), lower case; 400 when none. */
export function uploadCommands(request: FastifyRequest): string[] {
  const commands = (header(request, 'x-goog-upload-command') ?? '')
    .split(',')
    .map((command) => command.trim().toLowerCase())
    .filter((command) => command !== '');
  if (commands.length === 0) throw invalidArgument('X-Goog-Upload-Command', 'is required');
  return commands;
}

/** The JSON metadata part of a multipart upload, checked (400 naming the field). */
export function parseMetadata(value: unknown): ObjectMetadataInput {
  const result = objectMetadataInputSchema.safeParse(value);
  if (!result.success) {
    const error = validationError(result.error);
    throw new AppError('storage/invalid-argument', error.message, error.details);
  }
  return result.data;
}

/** The metadata's name, when sent, must be the object the address names. */
export function checkName(metadata: ObjectMetadataInput, path: string): void {
  if (metadata.name !== undefined && metadata.name !== path) {
    throw invalidArgument('name', 'must be the name in the address');
  }
}

/** A chunk's `Content-Range`: `bytes first-last/total`, or `bytes *` and a total (a status query). */
export interface ContentRange {
  /** Absent for a status query (`bytes *`). */
  first?: number;
  last?: number;
  /** Absent when the total is `*` (not known yet). */
  total?: number;
}

/** The request's Content-Range; null when it has none; 400 when it is not one. */
export function contentRange(request: FastifyRequest): ContentRange | null {
  const range = header(request, 'content-range');
  if (!range) return null;
  const match = /^bytes (?:(\d+)-(\d+)|\*)\/(\d+|\*)$/.exec(range.trim());
  if (!match) throw invalidArgument('Content-Range', 'must be bytes first-last/total');
  const [, first, last, total] = match;
  return {
    ...(first === undefined ? {} : { first: Number(first) }),
    ...(last === undefined ? {} : { last: Number(last) }),
    ...(total === undefined || total === '*' ? {} : { total: Number(total) }),
  };
}

/** Where the rest of a resumable upload goes (the protocol's upload address). */
export function uploadAddress(
  request: FastifyRequest,
  publicUrl: URL | undefined,
  session: { bucket: string; path: string; id: string },
): string {
  const origin = publicUrl?.origin ?? `${request.protocol}://${request.host}`;
  const query = new URLSearchParams({
    name: session.path,
    uploadType: 'resumable',
    upload_id: session.id,
  });
  return `${origin}/v0/b/${encodeURIComponent(session.bucket)}/o?${query.toString()}`;
}

/** The protocol's status headers of a resumable upload. */
export function statusHeaders(
  reply: FastifyReply,
  status: 'active' | 'final' | 'cancelled',
  received: number,
): FastifyReply {
  return reply
    .header('x-goog-upload-status', status)
    .header('x-goog-upload-size-received', String(received));
}

/**
 * 308 with no body: the resumable upload is incomplete, and `Range` says what arrived (none
 * yet: no Range at all).
 */
export function sendIncomplete(reply: FastifyReply, received: number): FastifyReply {
  if (received > 0) reply.header('range', `bytes=0-${received - 1}`);
  return reply.status(308).send();
}
