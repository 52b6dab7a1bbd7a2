import type { CreateApiToken, CreatedApiToken } from '@jammy/shared/api-tokens';
import type { HTTPMethods, LightMyRequestResponse } from 'fastify';
import type { Client } from '../../../test/clients';
import { expectStatus } from '../../../test/expect';
import type { TestApp } from '../../../test/test-app';

/** A token of `owner` made through the API (a read-write token of every trip unless told). */
export async function createApiToken(
  owner: Client,
  values: Partial<CreateApiToken> = {},
): Promise<CreatedApiToken> {
  const response = await owner.post('/api/me/tokens', {
    name: 'Script',
    expiresInDays: 30,
    access: 'read-write',
    trips: null,
    ...values,
  });
  return expectStatus<CreatedApiToken>(response, 201);
}

/** A request to `app` carrying only `Authorization: Bearer <secret>`, as a program sends it. */
export function withToken(app: TestApp, secret: string) {
  return (method: HTTPMethods, url: string, payload?: object): Promise<LightMyRequestResponse> =>
    app.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${secret}` },
      ...(payload === undefined ? {} : { payload }),
    });
}
