import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Product } from '@jammy/shared/shop';
import { eq } from 'drizzle-orm';
import { preset } from '../src/db/schema/itineraries';
import { call, expectStatus, type SignedInUser } from './itinerary-helpers';
import type { TestApp } from './test-app';

export { makeAdmin } from './server';

/** Catalogue presets made premium (they are free as shipped), by id. */
export async function premiumPresets(testApp: TestApp, count: number): Promise<string[]> {
  const rows = await testApp.database.db.select({ id: preset.id }).from(preset).limit(count);
  for (const row of rows) {
    await testApp.database.db.update(preset).set({ premium: true }).where(eq(preset.id, row.id));
  }
  return rows.map((row) => row.id);
}

/** A product on sale, added by `admin` through the API. */
export async function createProduct(
  testApp: TestApp,
  admin: SignedInUser,
  presetIds: string[],
  changes: Record<string, unknown> = {},
): Promise<Product> {
  const response = await call(testApp, admin, 'POST', '/api/admin/shop/products', {
    payload: {
      title: 'Premium trip',
      description: 'A trip worth paying for',
      priceMinor: 1900,
      currency: 'EUR',
      presetIds,
      active: true,
      ...changes,
    },
  });
  return expectStatus<Product>(response, 201);
}

/** A stand-in for Stripe's API on loopback: records what it is asked, answers like Stripe. */
export interface FakeStripeApi {
  url: string;
  requests: { method: string; path: string; body: URLSearchParams }[];
  close(): Promise<void>;
}

function bodyOf(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export async function startFakeStripeApi(): Promise<FakeStripeApi> {
  const requests: FakeStripeApi['requests'] = [];
  let sessions = 0;
  const server: Server = createServer((request, response) => {
    void bodyOf(request).then((text) => {
      const path = request.url ?? '/';
      requests.push({ method: request.method ?? 'GET', path, body: new URLSearchParams(text) });
      response.setHeader('content-type', 'application/json');
      if (path === '/v1/checkout/sessions') {
        sessions += 1;
        const id = `cs_test_${sessions}`;
        response.end(
          JSON.stringify({
            id,
            object: 'checkout.session',
            url: `https://checkout.stripe.test/c/pay/${id}`,
          }),
        );
      } else if (path === '/v1/refunds') {
        response.end(JSON.stringify({ id: 're_test_1', object: 'refund', status: 'succeeded' }));
      } else {
        response.statusCode = 404;
        response.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'no' } }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
