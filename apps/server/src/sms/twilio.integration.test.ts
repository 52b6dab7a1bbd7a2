import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect } from 'vitest';
import { CookieJar, nextIp, readMe, readOutboxSms } from '../../test/auth-helpers';
import { serverTest } from '../../test/fixture';
import type { TestServer } from '../../test/server';
import enLocale from '@jammy/shared/locales/en.json';

const en = enLocale.mail;

const SID = 'AC0123456789abcdef0123456789abcdef';
const TOKEN = 'twilio-auth-token-for-tests';
const FROM = '+15005550006';

interface ReceivedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A stand-in for Twilio's Messages API that records requests and answers `status`. */
interface FakeTwilio {
  url: string;
  requests: ReceivedRequest[];
  status: number;
  close(): Promise<void>;
}

async function startFakeTwilio(): Promise<FakeTwilio> {
  const fake: FakeTwilio = { url: '', requests: [], status: 201, close: async () => {} };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      fake.requests.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.statusCode = fake.status;
      response.setHeader('content-type', 'application/json');
      response.end(
        fake.status < 300
          ? JSON.stringify({ sid: 'SM0123', status: 'queued' })
          : JSON.stringify({ code: 20500, message: 'Internal Server Error' }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

let twilio: FakeTwilio;

// The stand-in starts before the tests (their beforeEach resets it); the app, with the first.
const test = serverTest(async () => ({
  mail: 'outbox',
  env: {
    TWILIO_ACCOUNT_SID: SID,
    TWILIO_AUTH_TOKEN: TOKEN,
    TWILIO_FROM: FROM,
    TWILIO_API_URL: twilio.url,
  },
}));

beforeAll(async () => {
  twilio = await startFakeTwilio();
});

beforeEach(() => {
  twilio.status = 201;
  twilio.requests.length = 0;
});

afterAll(async () => {
  await twilio?.close();
});

function sendOtp(server: TestServer, phoneNumber: string) {
  return server.app.inject({
    method: 'POST',
    url: '/api/auth/phone-number/send-otp',
    remoteAddress: nextIp(),
    payload: { phoneNumber },
  });
}

describe('the Twilio-compatible SMS sender', () => {
  test('posts From/To/Body with Basic auth to /2010-04-01/Accounts/{sid}/Messages.json', async ({
    server,
  }) => {
    const phone = '+447700900123';
    const response = await sendOtp(server, phone);
    expect(response.statusCode).toBe(200);
    expect(twilio.requests).toHaveLength(1);
    const [request] = twilio.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`,
    );
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(request?.body);
    expect([...form.keys()].sort()).toEqual(['Body', 'From', 'To']);
    expect(form.get('From')).toBe(FROM);
    expect(form.get('To')).toBe(phone);
    const code = /\b(\d{6})\b/.exec(form.get('Body') ?? '')?.[1] ?? '';
    expect(form.get('Body')).toBe(en.sms.code.replace('{code}', code));

    // Nothing goes to the outbox, and the code signs in.
    expect(await readOutboxSms(server.config.dataDir)).toEqual([]);
    const verified = await server.app.inject({
      method: 'POST',
      url: '/api/auth/phone-number/verify',
      remoteAddress: nextIp(),
      payload: { phoneNumber: phone, code },
    });
    expect(verified.statusCode).toBe(200);
    expect((await readMe(server.app, new CookieJar().store(verified))).phoneNumber).toBe(phone);
  });

  test('a provider error surfaces: send-otp is not a 200, and the body leaks nothing', async ({
    server,
  }) => {
    twilio.status = 500;
    const response = await sendOtp(server, '+447700900124');
    expect(twilio.requests).toHaveLength(1);
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain(TOKEN);
    expect(response.body).not.toContain('Internal Server Error');
  });

  test('a refused request (401 from the provider) is not a 200 either', async ({ server }) => {
    twilio.status = 401;
    const response = await sendOtp(server, '+447700900125');
    expect(response.statusCode).toBe(500);
  });
});
