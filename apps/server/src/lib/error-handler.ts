import type { ErrorBody, ErrorCode, FieldIssue } from '@jammy/shared/errors';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { databaseErrorToAppError } from './database-errors';
import { AppError } from './errors';

// Fastify's own errors that are the client's fault, mapped onto our catalogue.
const FASTIFY_CODES: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: 'request/malformed-json',
    message: 'The request body is not valid JSON',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'request/malformed-json',
    message: 'The request body is empty but its content type is JSON',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: 'request/too-large',
    message: 'The request body is too large',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'request/unsupported-media-type',
    message: 'This content type is not accepted here',
  },
  FST_ERR_BAD_URL: {
    code: 'request/invalid',
    message: 'The address is not valid',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'request/invalid',
    message: 'The Content-Length header does not match the body',
  },
};

function sendAppError(error: AppError, request: FastifyRequest, reply: FastifyReply) {
  if (error.status >= 500 && error.code !== 'service/unavailable') {
    request.log.error({ err: error }, error.message);
  }
  if (error.retryAfterSeconds !== undefined) {
    reply.header('retry-after', String(error.retryAfterSeconds));
  }
  return reply.status(error.status).send(error.toBody());
}

/**
 * The one error handler: AppErrors and client mistakes become their JSON body; anything
 * else is logged and answered as a 500 without details (never a stack trace).
 */
export function handleError(
  error: FastifyError | AppError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (error instanceof AppError) return sendAppError(error, request, reply);
  const fastifyCode = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  const known = fastifyCode ? FASTIFY_CODES[fastifyCode] : undefined;
  if (known) {
    const appError = new AppError(known.code, known.message);
    return reply.status(appError.status).send(appError.toBody());
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    // A path whose ids are not ids names nothing that exists (DESIGN §3, issue: ids → 404).
    if ('validationContext' in error && error.validationContext === 'params') {
      const notFound = new AppError('route/not-found', 'There is nothing at this address');
      return reply.status(404).send(notFound.toBody());
    }
    const issues: FieldIssue[] = error.validation.flatMap((issue) => {
      const at = issue.instancePath.split('/').filter((part) => part !== '');
      const keys = issue.params.keys;
      if (issue.keyword === 'unrecognized_keys' && Array.isArray(keys)) {
        return keys.map((key) => ({
          field: [...at, String(key)].join('.'),
          message: 'is not a field that can be set here',
        }));
      }
      return [{ field: at.join('.') || '(body)', message: issue.message ?? 'is not valid' }];
    });
    const first = issues[0];
    const appError = new AppError(
      'request/invalid',
      first ? `${first.field}: ${first.message}` : 'The request is not valid',
      { issues },
    );
    return reply.status(400).send(appError.toBody());
  }
  if ('validation' in error && error.validation) {
    const appError = new AppError('request/invalid', error.message);
    return reply.status(400).send(appError.toBody());
  }
  const status =
    'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) {
    const body: ErrorBody = { error: { code: 'request/invalid', message: error.message } };
    return reply.status(status).send(body);
  }
  // Races, values the database cannot hold, an exhausted pool: 4xx or 503, never a 500.
  const fromDatabase = databaseErrorToAppError(error);
  if (fromDatabase) {
    request.log[fromDatabase.status >= 500 ? 'warn' : 'info'](
      { err: error, code: fromDatabase.code },
      'database error answered as %d',
      fromDatabase.status,
    );
    return sendAppError(fromDatabase, request, reply);
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply
    .status(500)
    .send(new AppError('internal', 'Something went wrong on our side. Please try again.').toBody());
}
