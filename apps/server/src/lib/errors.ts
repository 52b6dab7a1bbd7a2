import type { ErrorBody, ErrorCode, FieldIssue } from '@jammy/shared/errors';
import { ERROR_CODES } from '@jammy/shared/errors';
import type { z } from 'zod';

/** An error meant for the client: a stable code, its HTTP status, and a human message. */
export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;
  /** Sent as `Retry-After` (seconds): with 503 and 429, when the client should try again. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    options: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.status = ERROR_CODES[code];
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  toBody(): ErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.details === undefined ? {} : { details: this.details }),
      },
    };
  }
}

/** A 400 naming each field that failed validation; the message names the first one. */
export function validationError(error: z.ZodError): AppError {
  const issues: FieldIssue[] = error.issues.flatMap((issue) => {
    const at = issue.path.map(String);
    // An unknown field is named itself, not its parent object.
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        field: [...at, key].join('.'),
        message: 'is not a field that can be set here',
      }));
    }
    return [{ field: at.join('.') || '(body)', message: issue.message }];
  });
  const first = issues[0];
  const message = first ? `${first.field}: ${first.message}` : 'The request is not valid';
  return new AppError('request/invalid', message, { issues });
}

/** A 400 naming one field and what is wrong with it, in the shape validation errors have. */
export function invalidField(field: string, message: string): AppError {
  return new AppError('request/invalid', `${field}: ${message}`, {
    issues: [{ field, message }],
  });
}

/** Validates `input` with `schema`, throwing a 400 that names the fields on failure. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error);
  return result.data;
}
