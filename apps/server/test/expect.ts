import type { FieldIssue } from '@jammy/shared/errors';
import type { LightMyRequestResponse } from 'fastify';
import { uuidv7 } from 'uuidv7';
import { expect } from 'vitest';
import type { ApiErrorBody } from './auth-helpers';
import type { Client } from './clients';

/** The body of an answer that must have `status` (the test fails with the body otherwise). */
export function expectStatus<T>(response: LightMyRequestResponse, status: number): T {
  expect(response.statusCode, `${response.statusCode}: ${response.body}`).toBe(status);
  return response.json<T>();
}

/** Asserts a 400 `request/invalid` whose issues name `field` (and whose message names one). */
export function expectFieldError(response: LightMyRequestResponse, field: string): void {
  const body = expectStatus<ApiErrorBody>(response, 400);
  expect(body.error.code).toBe('request/invalid');
  const issues = (body.error.details as { issues?: FieldIssue[] } | undefined)?.issues ?? [];
  expect(
    issues.map((issue) => issue.field),
    body.error.message,
  ).toContain(field);
  expect(body.error.message).toMatch(/^[\w.()-]+: /);
}

/** Asserts an error answer with its status and code, returning the body. */
export function expectError(
  response: LightMyRequestResponse,
  status: number,
  code: string,
): ApiErrorBody {
  const body = expectStatus<ApiErrorBody>(response, status);
  expect(body.error.code).toBe(code);
  return body;
}

/** The `details.current` of a 409 conflict answer. */
export function conflictCurrent<T>(response: LightMyRequestResponse): T {
  const body = expectError(response, 409, 'conflict');
  return (body.error.details as { current: T }).current;
}

/** A valid UUIDv7 that names nothing. */
export function missingId(): string {
  return uuidv7();
}

/**
 * Sends the four writes of `url` that carry version 1 when the row is past it (PATCH and
 * DELETE, the version in the body or in If-Match) and hands each answer to `check`.
 */
export async function eachStaleWrite(
  client: Client,
  url: string,
  check: (response: LightMyRequestResponse) => void,
): Promise<void> {
  const stale: ['PATCH' | 'DELETE', Record<string, unknown>, Record<string, string>][] = [
    ['PATCH', { title: 'lost', version: 1 }, {}],
    ['PATCH', { title: 'lost' }, { 'if-match': '"1"' }],
    ['DELETE', { version: 1 }, {}],
    ['DELETE', {}, { 'if-match': '"1"' }],
  ];
  for (const [method, payload, headers] of stale) {
    check(await client.request(method, url, { payload, headers }));
  }
}
