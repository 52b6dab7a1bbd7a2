import type { PresetDetail } from '@jammy/shared/presets';
import type { Order } from '@jammy/shared/shop';
import pino from 'pino';
import { beforeAll, describe, expect } from 'vitest';
import { createVerifiedUser, uniqueEmail } from '../../../test/auth-helpers';
import { call, type SignedInUser } from '../../../test/clients';
import { expectStatus } from '../../../test/expect';
import { serverTest } from '../../../test/fixture';
import { freePort } from '../../../test/ports';
import { makeAdmin, type TestServer } from '../../../test/server';
import { createProduct, premiumPresets } from '../../../test/shop-helpers';
import type { ReceivedMail } from '../../../test/smtp-server';
import { mailQueue } from '../../db/schema/mail';
import { smtpMailer } from '../../mail/mailer';
import { sendQueuedMail } from '../../mail/mail-queue';
import deLocale from '@jammy/shared/locales/de.json';
import enLocale from '@jammy/shared/locales/en.json';
import frLocale from '@jammy/shared/locales/fr.json';
import itLocale from '@jammy/shared/locales/it.json';

const de = deLocale.mail;
const en = enLocale.mail;
const fr = frLocale.mail;
const it_ = itLocale.mail;

/**
 * Issue 22: the shop's mails. The buyer hears of their order, its payment and its refund, in
 * the language of their profile; every admin hears of a new order. Mails go through a queue
 * written with the order's change, so a mail server that is down loses no order and no mail.
 */

const BOSS = 'boss@shop-mail.example';
const NOBODY_YET = 'owner@shop-mail.example';

const test = serverTest({ env: { ADMIN_EMAILS: `${BOSS}, ${NOBODY_YET}` } });
let app: TestServer;
let boss: SignedInUser;
let staff: SignedInUser;
let buyer: SignedInUser;
let presetIds: string[];
let single: { id: string; title: string };
let bundle: { id: string; title: string };

async function account(email: string, name: string, language: string): Promise<SignedInUser> {
  const { jar, me } = await createVerifiedUser(app.app, app.smtp, { email, name, language });
  const user = { id: me.id, email, jar, cookie: jar.header() };
  expectStatus(await call(app, user, 'PATCH', '/api/me', { payload: { language } }), 200);
  return user;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? `{${key}}`);
}

function euros(minor: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(
    minor / 100,
  );
}

/** The number a buyer and an admin know an order by (as the account page shows it). */
function numberOf(order: Order): string {
  return order.id.slice(-8).toUpperCase();
}

let tokens = 0;
async function placeOrder(productIds: string[]): Promise<Order> {
  tokens += 1;
  const response = await call(app, buyer, 'POST', '/api/shop/orders', {
    payload: { productIds, token: `mail-order-${Date.now()}-${tokens}` },
  });
  return expectStatus<Order>(response, 201);
}

function mailAbout(order: Order) {
  return (mail: ReceivedMail) => mail.subject.includes(numberOf(order));
}

test.beforeAll(async ({ server }) => {
  app = server;
  boss = await account(BOSS, 'Bianca', 'it');
  await makeAdmin(app, boss);
  staff = await account(uniqueEmail('staff'), 'Sylvie', 'fr');
  await makeAdmin(app, staff);
  buyer = await account(uniqueEmail('mail-buyer'), 'Bettina', 'de');
  presetIds = await premiumPresets(app, 2);
  const one = await createProduct(app, boss, [presetIds[0] ?? ''], {
    title: 'Kyoto premium',
    priceMinor: 1900,
  });
  const two = await createProduct(app, boss, presetIds, {
    title: 'Two premium trips',
    priceMinor: 3500,
  });
  single = { id: one.id, title: one.title };
  bundle = { id: two.id, title: two.title };
}, 60_000);

describe('ordering', () => {
  let order: Order;

  beforeAll(async () => {
    order = await placeOrder([single.id, bundle.id]);
  });

  test('mails the buyer, in German, what they ordered, the amount and that an invoice follows', async () => {
    const mail = await app.smtp.waitForMail(buyer.email, mailAbout(order));
    const number = numberOf(order);
    expect(mail.subject).toBe(fill(de.orderReceived.subject, { number }));
    expect(mail.text.split('\n')[0]).toBe('Hallo Bettina,');
    expect(mail.text).toContain(`${single.title}: ${euros(1900, 'de')}`);
    expect(mail.text).toContain(`${bundle.title}: ${euros(3500, 'de')}`);
    expect(mail.text).toContain(euros(5400, 'de'));
    expect(mail.text).toContain(fill(de.orderReceived.invoice, { total: euros(5400, 'de') }));
    expect(mail.links).toEqual([`${app.origin}/de/account#orders`]);
    expect(mail.html).toContain('<html lang="de" dir="ltr">');
  });

  test('mails every admin a notice, each in their own language', async () => {
    const number = numberOf(order);
    const values = { number, buyer: buyer.email };
    const italian = await app.smtp.waitForMail(BOSS, mailAbout(order));
    expect(italian.subject).toBe(
      fill(it_.newOrder.subject, { ...values, total: euros(5400, 'it') }),
    );
    expect(italian.text).toContain(buyer.email);
    expect(italian.links).toEqual([`${app.origin}/it/account#shop`]);
    const french = await app.smtp.waitForMail(staff.email, mailAbout(order));
    expect(french.subject).toBe(fill(fr.newOrder.subject, { ...values, total: euros(5400, 'fr') }));
    // An address of ADMIN_EMAILS without an account yet is told too, in the default language.
    const english = await app.smtp.waitForMail(NOBODY_YET, mailAbout(order));
    expect(english.subject).toBe(
      fill(en.newOrder.subject, { ...values, total: euros(5400, 'en') }),
    );
    expect(english.text).toContain(fill(en.newOrder.invoice, { total: euros(5400, 'en') }));
  });

  test('mails nothing more for the same order asked again (a double click, a retry)', async () => {
    const again = await call(app, buyer, 'POST', '/api/shop/orders', {
      payload: { productIds: [single.id], token: 'mail-order-again-0000' },
    });
    const first = expectStatus<Order>(again, 201);
    const replay = await call(app, buyer, 'POST', '/api/shop/orders', {
      payload: { productIds: [single.id], token: 'mail-order-again-0000' },
    });
    expect(expectStatus<Order>(replay, 200).id).toBe(first.id);
    await app.smtp.waitForMail(buyer.email, mailAbout(first));
    // Give a second mail, if one were coming, the time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(app.smtp.messagesTo(buyer.email).filter(mailAbout(first))).toHaveLength(1);
  });
});

describe('paying and refunding', () => {
  let order: Order;

  beforeAll(async () => {
    order = await placeOrder([bundle.id]);
    await app.smtp.waitForMail(buyer.email, mailAbout(order));
  });

  test('a payment mails the buyer which itineraries they may now copy, with a link to each', async () => {
    const paid = await call(app, boss, 'POST', `/api/admin/shop/orders/${order.id}/paid`);
    expectStatus(paid, 200);
    // Marked paid twice (a double click): one mail.
    expectStatus(await call(app, boss, 'POST', `/api/admin/shop/orders/${order.id}/paid`), 200);
    const number = numberOf(order);
    const mail = await app.smtp.waitForMail(
      buyer.email,
      (candidate) => candidate.subject === fill(de.orderPaid.subject, { number }),
    );
    expect(mail.text).toContain(fill(de.orderPaid.intro, { number, total: euros(3500, 'de') }));
    for (const presetId of presetIds) {
      const detail = expectStatus<PresetDetail>(
        await call(app, buyer, 'GET', `/api/presets/${presetId}?lang=de`),
        200,
      );
      expect(mail.text).toContain(
        `${detail.title}: ${app.origin}/de/jammy-itineraries/${presetId}?copy=1`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    const paidMails = app.smtp
      .messagesTo(buyer.email)
      .filter((candidate) => candidate.subject === mail.subject);
    expect(paidMails).toHaveLength(1);
  });

  test('a refund mails the buyer that they can no longer copy it, and that copies stay', async () => {
    const refunded = await call(app, boss, 'POST', `/api/admin/shop/orders/${order.id}/refund`);
    expectStatus(refunded, 200);
    expectStatus(await call(app, boss, 'POST', `/api/admin/shop/orders/${order.id}/refund`), 200);
    const number = numberOf(order);
    const mail = await app.smtp.waitForMail(
      buyer.email,
      (candidate) => candidate.subject === fill(de.orderRefunded.subject, { number }),
    );
    expect(mail.text).toContain(fill(de.orderRefunded.intro, { number, total: euros(3500, 'de') }));
    expect(mail.text).toContain(de.orderRefunded.access);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      app.smtp.messagesTo(buyer.email).filter((candidate) => candidate.subject === mail.subject),
    ).toHaveLength(1);
  });
});

describe('when the mail server is down', () => {
  test('the order is taken, its mails wait in the queue with the error, and go once it answers', async () => {
    const closed = `smtp://127.0.0.1:${await freePort()}`;
    const down = await app.another({
      ADMIN_EMAILS: `${BOSS}, ${NOBODY_YET}`,
      SMTP_URL: closed,
    });
    const response = await call(down, buyer, 'POST', '/api/shop/orders', {
      payload: { productIds: [single.id], token: `mail-down-${Date.now()}` },
    });
    const order = expectStatus<Order>(response, 201);
    const waiting = async () =>
      (await down.database.db.select().from(mailQueue)).filter((row) =>
        row.subject.includes(numberOf(order)),
      );
    // Each tried once (an attempt counts from its start), and failed.
    await expect
      .poll(async () => (await waiting()).map((row) => [row.attempts, row.lastError !== null]))
      .toEqual([
        [1, true],
        [1, true],
        [1, true],
        [1, true],
      ]);
    const [row] = await waiting();
    expect(row?.lastError).toMatch(/ECONNREFUSED/);
    expect(row?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    // Later, with the mail server back: what was due is sent, once, and leaves the queue.
    await down.database.db.update(mailQueue).set({ nextAttemptAt: new Date() });
    const working = smtpMailer(
      app.smtp.url,
      'Jammy <hello@jammy.example>',
      pino({ level: 'silent' }),
    );
    await sendQueuedMail(down.database.db, working, pino({ level: 'silent' }));
    const mail = await app.smtp.waitForMail(buyer.email, mailAbout(order));
    expect(mail.subject).toBe(fill(de.orderReceived.subject, { number: numberOf(order) }));
    for (const admin of [BOSS, staff.email, NOBODY_YET]) {
      await app.smtp.waitForMail(admin, mailAbout(order));
    }
    expect(await waiting()).toEqual([]);
  });
});
