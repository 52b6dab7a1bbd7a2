import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * The version a write was based on (DESIGN §2a): `version` in the body wins over If-Match;
 * undefined when the client sent neither (the write then applies to the current row).
 */
export function expectedVersion(request: FastifyRequest, bodyVersion?: number): number | undefined {
  if (bodyVersion !== undefined) return bodyVersion;
  const ifMatch = request.headers['if-match']?.replace(/^W\//, '').replace(/"/g, '');
  if (ifMatch === undefined) return undefined;
  const version = Number(ifMatch);
  if (!Number.isInteger(version) || version < 1) {
    throw new AppError('request/invalid', 'If-Match: must be a version number');
  }
  return version;
}

/** 409 with the current state of what the client tried to change. */
export function conflict(current: unknown): AppError {
  return new AppError('conflict', 'This was changed by someone else in the meantime', { current });
}
