import { CONTACT_LIMITS, type ContactMessage, type ContactReply } from '@jammy/shared/contact';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import {
  createVerifiedUser,
  nextIp,
  uniqueEmail,
  type ApiErrorBody,
  type CookieJar,
} from '../../../test/auth-helpers';
import { serverTest } from '../../../test/fixture';
import type { TestServer } from '../../../test/server';
import { contactMessage } from '../../db/schema/contact';
import { purgeContactMessages } from './contact.repository';

const CONTACT_EMAIL = 'desk@jammy.example';
const ADMIN_EMAIL = uniqueEmail('admin');

const test = serverTest({
  env: { CONTACT_EMAIL, ADMIN_EMAILS: ADMIN_EMAIL, OPERATOR_NAME: 'Jammy Travel Ltd' },
});

let admin: CookieJar;
let traveller: { jar: CookieJar; id: string; email: string };

test.beforeAll(async ({ server }) => {
  admin = (await createVerifiedUser(server.app, server.smtp, { email: ADMIN_EMAIL })).jar;
  const email = uniqueEmail('traveller');
  const created = await createVerifiedUser(server.app, server.smtp, { email });
  traveller = { jar: created.jar, id: created.me.id, email };
}, 60_000);

function form(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Ada Lovelace',
    email: uniqueEmail('sender'),
    topic: 'question',
    message: 'Can I plan a trip with friends and see their changes live?',
    consent: true,
    language: 'en',
    fillMs: 12_000,
    ...overrides,
  };
}

function send(
  server: TestServer,
  payload: unknown,
  options: { ip?: string; jar?: CookieJar } = {},
) {
  return server.app.inject({
    method: 'POST',
    url: '/api/contact',
    remoteAddress: options.ip ?? nextIp(),
    headers: {
      origin: server.origin,
      ...(options.jar ? { cookie: options.jar.header() } : {}),
    },
    payload: payload as object,
  });
}

function adminCall(
  server: TestServer,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  jar: CookieJar | null,
  payload?: object,
) {
  return server.app.inject({
    method,
    url,
    headers: { origin: server.origin, ...(jar ? { cookie: jar.header() } : {}) },
    ...(payload ? { payload } : {}),
  });
}

async function listed(server: TestServer, status = 'open'): Promise<ContactMessage[]> {
  const response = await adminCall(
    server,
    'GET',
    `/api/admin/contact-messages?status=${status}`,
    admin,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: ContactMessage[] }>().items;
}

async function firstOpen(server: TestServer): Promise<ContactMessage> {
  const [first] = await listed(server);
  if (!first) throw new Error('no open contact message');
  return first;
}

describe('POST /api/contact', () => {
  test('stores the message and mails it to CONTACT_EMAIL, answering to the sender', async ({
    server,
  }) => {
    const input = form();
    const response = await send(server, input);
    expect(response.statusCode, response.body).toBe(201);
    const receipt = response.json<{ id: string; receivedAt: string }>();
    const mail = await server.smtp.waitForMail(CONTACT_EMAIL, (candidate) =>
      candidate.text.includes(input.email),
    );
    expect(mail.subject).toBe('[Jammy contact] question: Ada Lovelace');
    expect(mail.text).toContain(input.message);
    expect(mail.text).toContain('/account#contact');
    const stored = (await listed(server)).find((message) => message.id === receipt.id);
    expect(stored).toMatchObject({ email: input.email, status: 'open', userId: null });
  });

  test('names the field that is wrong', async ({ server }) => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name'],
      [{ email: 'not an address' }, 'email'],
      [{ topic: 'weather' }, 'topic'],
      [{ message: 'short' }, 'message'],
      [{ message: 'x'.repeat(CONTACT_LIMITS.message + 1) }, 'message'],
      [{ consent: false }, 'consent'],
      [{ name: 'Ada\u0000' }, 'name'],
    ];
    for (const [overrides, field] of cases) {
      const response = await send(server, form(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      const body = response.json<ApiErrorBody>();
      expect(body.error.message.startsWith(`${field}:`), body.error.message).toBe(true);
    }
    const missing = await send(server, { ...form(), consent: undefined });
    expect(missing.json<ApiErrorBody>().error.message).toMatch(/^consent:/);
  });

  test('links the message to the signed-in sender, whatever address they type', async ({
    server,
  }) => {
    const response = await send(server, form({ email: traveller.email }), { jar: traveller.jar });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json<{ id: string }>();
    const stored = (await listed(server)).find((message) => message.id === id);
    expect(stored?.userId).toBe(traveller.id);
  });

  test('keeps a robot’s message aside, unmailed, and answers it like any other', async ({
    server,
  }) => {
    const before = server.smtp.messagesTo(CONTACT_EMAIL).length;
    const honeypot = await send(server, form({ website: 'https://spam.example' }));
    const tooFast = await send(server, form({ fillMs: 400 }));
    const noTiming = await send(server, form({ fillMs: undefined }));
    for (const response of [honeypot, tooFast, noTiming]) {
      expect(response.statusCode, response.body).toBe(201);
      expect(Object.keys(response.json<object>()).sort()).toEqual(['id', 'receivedAt']);
    }
    const spam = await listed(server, 'spam');
    expect(spam.find((m) => m.id === honeypot.json<{ id: string }>().id)?.spamReason).toBe(
      'honeypot',
    );
    expect(spam.find((m) => m.id === tooFast.json<{ id: string }>().id)?.spamReason).toBe(
      'too-fast',
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.smtp.messagesTo(CONTACT_EMAIL).length).toBe(before);
  });

  test('limits messages per e-mail address', async ({ server }) => {
    const email = uniqueEmail('chatty');
    for (let index = 0; index < CONTACT_LIMITS.perEmail; index += 1) {
      expect((await send(server, form({ email }))).statusCode).toBe(201);
    }
    const refused = await send(server, form({ email }));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(CONTACT_LIMITS.windowMinutes * 60));
    expect(refused.json<ApiErrorBody>().error.code).toBe('request/rate-limited');
  });

  test('limits messages per account, whatever address is typed', async ({ server }) => {
    const email = uniqueEmail('account');
    const { jar } = await createVerifiedUser(server.app, server.smtp, { email });
    for (let index = 0; index < CONTACT_LIMITS.perAccount; index += 1) {
      expect((await send(server, form(), { jar })).statusCode).toBe(201);
    }
    expect((await send(server, form(), { jar })).statusCode).toBe(429);
  });

  test('limits messages per client address', async ({ server }) => {
    const ip = nextIp();
    for (let index = 0; index < CONTACT_LIMITS.perClient; index += 1) {
      expect((await send(server, form(), { ip })).statusCode).toBe(201);
    }
    expect((await send(server, form(), { ip })).statusCode).toBe(429);
    // Another connection is not held back.
    expect((await send(server, form())).statusCode).toBe(201);
  });

  test('never lets two messages sent together slip past a limit', async ({ server }) => {
    const email = uniqueEmail('together');
    const answers = await Promise.all(
      Array.from({ length: CONTACT_LIMITS.perEmail + 3 }, () => send(server, form({ email }))),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(CONTACT_LIMITS.perEmail);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
  });
});

describe('the admin side', () => {
  test('is closed to visitors and travellers', async ({ server }) => {
    const { id, version } = await firstOpen(server);
    for (const [jar, status] of [
      [null, 401],
      [traveller.jar, 403],
    ] as const) {
      expect((await adminCall(server, 'GET', '/api/admin/contact-messages', jar)).statusCode).toBe(
        status,
      );
      const answer = await adminCall(
        server,
        'POST',
        `/api/admin/contact-messages/${id}/replies`,
        jar,
        {
          body: 'Hello',
        },
      );
      expect(answer.statusCode).toBe(status);
      const patch = await adminCall(server, 'PATCH', `/api/admin/contact-messages/${id}`, jar, {
        status: 'handled',
        version,
      });
      expect(patch.statusCode).toBe(status);
    }
  });

  test('answers by mail in the sender’s language, records it, and marks the message handled', async ({
    server,
  }) => {
    const input = form({ language: 'fr', message: 'Bonjour, comment partager mon voyage ?' });
    const { id } = (await send(server, input)).json<{ id: string }>();
    const answer = await adminCall(
      server,
      'POST',
      `/api/admin/contact-messages/${id}/replies`,
      admin,
      {
        body: 'Ouvrez le voyage, puis « Partager ».',
      },
    );
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json<ContactReply>()).toMatchObject({
      body: 'Ouvrez le voyage, puis « Partager ».',
      authorEmail: ADMIN_EMAIL,
    });
    const mail = await server.smtp.waitForMail(input.email);
    expect(mail.subject).toBe('Re : votre message à Jammy');
    expect(mail.text).toContain('Ouvrez le voyage, puis « Partager ».');
    expect(mail.text).toContain('> Bonjour, comment partager mon voyage ?');

    const message = (await listed(server)).find((candidate) => candidate.id === id);
    expect(message?.replies).toHaveLength(1);
    const handled = await adminCall(server, 'PATCH', `/api/admin/contact-messages/${id}`, admin, {
      status: 'handled',
      version: message?.version,
    });
    expect(handled.statusCode, handled.body).toBe(200);
    expect(handled.json<ContactMessage>()).toMatchObject({ status: 'handled', version: 2 });
    expect(handled.json<ContactMessage>().handledAt).not.toBeNull();
    expect((await listed(server, 'handled')).some((candidate) => candidate.id === id)).toBe(true);
    expect((await listed(server)).some((candidate) => candidate.id === id)).toBe(false);

    const stale = await adminCall(server, 'PATCH', `/api/admin/contact-messages/${id}`, admin, {
      status: 'open',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(
      stale.json<{ error: { details: { current: ContactMessage } } }>().error.details.current
        .status,
    ).toBe('handled');
  });

  test('answers 404 for a message that does not exist, 400 for an empty answer', async ({
    server,
  }) => {
    const missing = '0192f7a0-0000-7000-8000-0000000000aa';
    const answer = await adminCall(
      server,
      'POST',
      `/api/admin/contact-messages/${missing}/replies`,
      admin,
      {
        body: 'Hello',
      },
    );
    expect(answer.statusCode).toBe(404);
    const { id } = await firstOpen(server);
    const empty = await adminCall(
      server,
      'POST',
      `/api/admin/contact-messages/${id}/replies`,
      admin,
      {
        body: '   ',
      },
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json<ApiErrorBody>().error.message).toMatch(/^body:/);
  });

  test('keeps the message when its sender deletes their account', async ({ server }) => {
    const email = uniqueEmail('leaving');
    const { jar, me } = await createVerifiedUser(server.app, server.smtp, { email });
    const { id } = (await send(server, form({ email }), { jar })).json<{ id: string }>();
    const { user } = await import('../../db/schema/auth');
    await server.database.db.delete(user).where(eq(user.id, me.id));
    const [row] = await server.database.db
      .select()
      .from(contactMessage)
      .where(eq(contactMessage.id, id));
    expect(row?.userId).toBeNull();
    expect(row?.email).toBe(email);
  });

  test('deletes handled and kept-aside messages a year after they arrived, never open ones', async ({
    server,
  }) => {
    const db = server.database.db;
    const ids: Record<string, string> = {};
    for (const status of ['open', 'handled', 'spam'] as const) {
      const { id } = (await send(server, form())).json<{ id: string }>();
      await db
        .update(contactMessage)
        .set({ status, createdAt: new Date(Date.now() - 366 * 24 * 60 * 60 * 1000) })
        .where(eq(contactMessage.id, id));
      ids[status] = id;
    }
    const recent = (await send(server, form())).json<{ id: string }>().id;
    await db.update(contactMessage).set({ status: 'handled' }).where(eq(contactMessage.id, recent));
    expect(await purgeContactMessages(db)).toBe(2);
    const left = await db.select({ id: contactMessage.id }).from(contactMessage);
    const remaining = new Set(left.map((row) => row.id));
    expect(remaining.has(ids.open ?? '')).toBe(true);
    expect(remaining.has(recent)).toBe(true);
    expect(remaining.has(ids.handled ?? '')).toBe(false);
    expect(remaining.has(ids.spam ?? '')).toBe(false);
  });
});
