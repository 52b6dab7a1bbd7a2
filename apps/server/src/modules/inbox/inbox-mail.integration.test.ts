import type { InboxAddress, InboxItem } from '@jammy/shared/inbox';
import nodemailer from 'nodemailer';
import { expect } from 'vitest';
import { expectStatus } from '../../../test/expect';
import { serverTest } from '../../../test/fixture';
import { freePort } from '../../../test/ports';
import type { Traveller } from '../../../test/clients';
import { accept, bookingsOf, corpusFile, tripWithDays } from './inbox.test-helpers';
import { senderDomain, startSenderDns } from './mail.test-helpers';

// The SMTP path end to end: a real SMTP client (nodemailer) sends to the listener, whose sender
// checks (mailauth) ask a DNS server of the test's own for the sender domain's records.

const DOMAIN = 'inbox.example.test';
const sender = senderDomain('traveller.example');
const dns = await startSenderDns(sender.records);
const smtpPort = await freePort();

const test = serverTest({
  env: {
    INBOX_DOMAIN: DOMAIN,
    INBOX_SMTP_PORT: String(smtpPort),
    INBOX_SMTP_HOST: '127.0.0.1',
    INBOX_DNS_SERVERS: `127.0.0.1:${dns.port}`,
  },
});
test.afterAll(() => dns.close());

const transport = nodemailer.createTransport({
  host: '127.0.0.1',
  port: smtpPort,
  secure: false,
  ignoreTLS: true,
  name: 'mail.traveller.example',
});

async function forwardingAddress(traveller: Traveller): Promise<string> {
  return expectStatus<InboxAddress>(await traveller.get('/api/inbox/address'), 200).address;
}

async function items(traveller: Traveller): Promise<InboxItem[]> {
  return expectStatus<{ items: InboxItem[] }>(await traveller.get('/api/inbox'), 200).items;
}

/** The JSON-LD flight of the corpus, as the HTML of a mail the traveller forwards. */
function flightHtml(name: string): string {
  const mail = corpusFile(name).toString();
  const encoded = mail.slice(mail.indexOf('<!DOCTYPE'));
  return encoded
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

test('a confirmation forwarded from the traveller’s own address is taken and believed', async ({
  server,
}) => {
  const traveller = await server.traveller({ email: 'giulia@traveller.example' });
  const to = await forwardingAddress(traveller);
  expect(to).toMatch(/^[a-z2-7]{16}@inbox\.example\.test$/);
  const tokyo = await tripWithDays(traveller, 'Tokyo', '2027-04-01', '2027-04-12');
  await transport.sendMail({
    from: 'Giulia <giulia@traveller.example>',
    to,
    subject: 'Fwd: Your flight to Tokyo is confirmed',
    html: flightHtml('flight-json-ld.eml'),
    dkim: {
      domainName: 'traveller.example',
      keySelector: sender.selector,
      privateKey: sender.privateKey,
    },
  });
  const [item] = await items(traveller);
  expect(item).toMatchObject({
    origin: 'mail',
    from: 'giulia@traveller.example',
    senderCheck: 'verified',
    senderCheckReason: null,
    trip: { itineraryId: tokyo.id },
  });
  expect(item?.proposals[0]?.values.startAt).toBe('2027-04-03T13:05');
  expectStatus(await accept(traveller, item as InboxItem), 200);

  // The airline's change, forwarded and signed: applied to the booking at once.
  await transport.sendMail({
    from: 'giulia@traveller.example',
    to,
    subject: 'Fwd: Schedule change',
    html: flightHtml('flight-modified.eml'),
    dkim: {
      domainName: 'traveller.example',
      keySelector: sender.selector,
      privateKey: sender.privateKey,
    },
  });
  expect((await items(traveller))[0]?.proposals[0]?.applied?.action).toBe('updated');
  expect(await bookingsOf(traveller, tokyo.id)).toMatchObject([{ startAt: '2027-04-03T14:20' }]);

  // A forgery claiming the same address (its DKIM signature does not verify): kept aside,
  // and its change of the flight is not applied.
  await transport.sendMail({
    envelope: { from: 'giulia@traveller.example', to: [to] },
    raw: corpusFile('forged-sender.eml'),
  });
  const [forged] = await items(traveller);
  expect(forged).toMatchObject({ senderCheck: 'kept-aside', subject: 'Fwd: flight change' });
  expect(forged?.senderCheckReason).toMatch(/DMARC: fail/);
  expect(forged?.proposals[0]?.applied).toBeNull();
  expect(await bookingsOf(traveller, tokyo.id)).toMatchObject([{ startAt: '2027-04-03T14:20' }]);
});

test('mail from anyone else is kept aside; mail to no traveller or an old address is refused', async ({
  server,
}) => {
  const traveller = await server.traveller({ email: 'marco@traveller.example' });
  const to = await forwardingAddress(traveller);
  await transport.sendMail({
    envelope: { from: 'bookings@skyline-air.example', to: [to] },
    raw: corpusFile('forged-display-name.eml'),
  });
  const [item] = await items(traveller);
  expect(item).toMatchObject({
    senderCheck: 'kept-aside',
    senderCheckReason: 'not from one of your verified addresses',
  });

  await expect(
    transport.sendMail({
      from: 'marco@traveller.example',
      to: `aaaaaaaaaaaaaaaa@${DOMAIN}`,
      text: 'x',
    }),
  ).rejects.toMatchObject({ responseCode: 550 });
  await expect(
    transport.sendMail({
      from: 'marco@traveller.example',
      to: 'someone@elsewhere.example',
      text: 'x',
    }),
  ).rejects.toMatchObject({ responseCode: 550 });

  const rotated = expectStatus<InboxAddress>(
    await traveller.post('/api/inbox/address/rotate'),
    200,
  );
  expect(rotated.address).not.toBe(to);
  await expect(
    transport.sendMail({ from: 'marco@traveller.example', to, text: 'to the old address' }),
  ).rejects.toMatchObject({ responseCode: 550 });
  expect(await items(traveller)).toHaveLength(1);
});
