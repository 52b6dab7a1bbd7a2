import type { InboxAddress, InboxItem } from '@jammy/shared/inbox';
import { ImapFlow } from 'imapflow';
import { expect } from 'vitest';
import { expectStatus } from '../../../test/expect';
import { serverTest } from '../../../test/fixture';
import type { Traveller } from '../../../test/clients';
import { startDovecot } from './dovecot.test-helpers';
import { corpusFile } from './inbox.test-helpers';
import { senderDomain, startSenderDns } from './mail.test-helpers';

// Mailbox polling against a real IMAP server running here (Dovecot): the operator's mailbox
// trips@example.test receives mail for its plus-addresses, as a mail provider delivers it
// (APPEND, with the provider's Received line), and Jammy polls it.

const MAILBOX = 'trips@example.test';
const PASSWORD = 'imap-test-password';
const dovecot = await startDovecot(MAILBOX, PASSWORD);
const sender = senderDomain('traveller.example');
const dns = await startSenderDns(sender.records);

const test = serverTest({
  env: {
    INBOX_IMAP_URL: `imap://${encodeURIComponent(MAILBOX)}:${PASSWORD}@127.0.0.1:${dovecot.port}/INBOX`,
    INBOX_IMAP_POLL_SECONDS: '5',
    INBOX_DNS_SERVERS: `127.0.0.1:${dns.port}`,
  },
});
test.afterAll(async () => {
  await dns.close();
  await dovecot.close();
});

/** Delivers a mail into the mailbox, as the operator's mail provider would. */
async function deliver(raw: string) {
  const client = new ImapFlow({
    host: '127.0.0.1',
    port: dovecot.port,
    secure: false,
    auth: { user: MAILBOX, pass: PASSWORD },
    logger: false,
  });
  await client.connect();
  await client.append('INBOX', raw);
  await client.logout();
}

/**
 * A corpus mail as forwarded by `from` to `to`, received by the provider from `ip` (its
 * Return-Path and Received lines, which the sender checks read for a polled mail).
 */
function forwarded(name: string, from: string, to: string, ip: string): string {
  const mail = corpusFile(name).toString();
  const body = mail.slice(mail.indexOf('\r\nMIME-Version:'));
  return (
    [
      `Return-Path: <${from}>`,
      `Received: from mail.traveller.example (mail.traveller.example [${ip}]) by mx.example.test with ESMTPS; Mon, 15 Mar 2027 09:13:00 +0000`,
      `From: ${from}`,
      `To: ${to}`,
      'Subject: Fwd: your booking',
      'Date: Mon, 15 Mar 2027 09:12:00 +0100',
      `Message-ID: <${Math.random().toString(36).slice(2)}@traveller.example>`,
    ].join('\r\n') + body
  );
}

async function items(traveller: Traveller): Promise<InboxItem[]> {
  return expectStatus<{ items: InboxItem[] }>(await traveller.get('/api/inbox'), 200).items;
}

test('mail to the mailbox’s plus-address of a traveller lands in their inbox, checked', async ({
  server,
}) => {
  const traveller = await server.traveller({ email: 'giulia@traveller.example' });
  const { address, receiving } = expectStatus<InboxAddress>(
    await traveller.get('/api/inbox/address'),
    200,
  );
  expect(receiving).toBe(true);
  expect(address).toMatch(/^trips\+[a-z2-7]{16}@example\.test$/);

  // From the traveller's own domain's mail server (its SPF names 192.0.2.10): believed.
  await deliver(forwarded('hotel-json-ld.eml', 'giulia@traveller.example', address, '192.0.2.10'));
  // From elsewhere, claiming the traveller's address: kept aside.
  await deliver(forwarded('car-json-ld.eml', 'giulia@traveller.example', address, '203.0.113.66'));
  // To a plus-address nobody has: read and left alone.
  await deliver(
    forwarded(
      'taxi-json-ld.eml',
      'giulia@traveller.example',
      'trips+aaaaaaaaaaaaaaaa@example.test',
      '192.0.2.10',
    ),
  );

  await expect
    .poll(async () => (await items(traveller)).length, { timeout: 20_000, interval: 500 })
    .toBe(2);
  const arrived = await items(traveller);
  const hotel = arrived.find((item) => item.proposals[0]?.kind === 'accommodation');
  const car = arrived.find((item) => item.proposals[0]?.kind === 'car-rental');
  expect(hotel?.senderCheckReason ?? null).toBeNull();
  expect(hotel).toMatchObject({ origin: 'mail', senderCheck: 'verified' });
  expect(car).toMatchObject({ senderCheck: 'kept-aside' });
  expect(car?.senderCheckReason).toMatch(/SPF: fail, DMARC: fail/);
});
