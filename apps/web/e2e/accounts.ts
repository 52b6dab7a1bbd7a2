import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { BrowserContext } from 'playwright-core';
import { expect, inject } from 'vitest';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
}

let addressCounter = 0;

/** A client address of its own for each test, so per-address rate limits never collide. */
export function clientAddress(): string {
  addressCounter += 1;
  return `10.${process.pid % 250}.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

/** A fresh e-mail address no other test uses. */
export function uniqueEmail(prefix = 'traveller'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@jammy.test`;
}

/** How often the mail and text-message folders are read while a test waits for one. */
const MAIL_POLL_MS = 50;

type ParsedMail = Awaited<ReturnType<typeof simpleParser>>;

/**
 * Every mail received so far, parsed once per file (the catcher renames a mail into place
 * once it is whole): the folder grows with the suite, and parsing all of it on every poll
 * grew with it.
 */
const parsedMails = new Map<string, ParsedMail>();

async function parsedMail(dir: string, file: string): Promise<ParsedMail> {
  let mail = parsedMails.get(file);
  if (!mail) {
    mail = await simpleParser(await readFile(path.join(dir, file)));
    parsedMails.set(file, mail);
  }
  return mail;
}

/** Waits for the newest mail to `to` that matches `subject`, as received over SMTP. */
export async function waitForMail(
  to: string,
  subject?: RegExp,
  timeoutMs = 15_000,
): Promise<ReceivedMail> {
  const dir = inject('mailDir');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = (await readdir(dir))
      .filter((file) => file.endsWith('.eml'))
      .sort()
      .reverse();
    for (const file of files) {
      const mail = await parsedMail(dir, file);
      const recipients = [mail.to ?? []].flat().map((address) => address.text.toLowerCase());
      if (!recipients.some((recipient) => recipient.includes(to.toLowerCase()))) continue;
      if (subject && !subject.test(mail.subject ?? '')) continue;
      const text = mail.text ?? '';
      return {
        to,
        subject: mail.subject ?? '',
        text,
        html: typeof mail.html === 'string' ? mail.html : '',
        links: [...text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]),
      };
    }
    // A mail usually lands within a few milliseconds of the request that sent it, and every
    // account a test makes waits for one: look again soon.
    await new Promise((resolve) => setTimeout(resolve, MAIL_POLL_MS));
  }
  throw new Error(
    `No mail to ${to}${subject ? ` matching ${subject}` : ''} within ${timeoutMs} ms`,
  );
}

/** The newest text message to `phone` in the server's outbox (no SMS provider in tests). */
export async function waitForSms(phone: string, timeoutMs = 15_000): Promise<string> {
  const dir = path.join(inject('dataDir'), 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = (await readdir(dir).catch(() => [])).filter((f) => f.endsWith('.sms.json'));
    for (const file of files.sort().reverse()) {
      const sms: unknown = JSON.parse(await readFile(path.join(dir, file), 'utf8'));
      if (typeof sms === 'object' && sms && 'to' in sms && 'body' in sms && sms.to === phone) {
        return String(sms.body);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, MAIL_POLL_MS));
  }
  throw new Error(`No text message to ${phone} within ${timeoutMs} ms`);
}

export interface TestAccount {
  name: string;
  email: string;
  password: string;
}

/**
 * Signs up through the API, follows the verification link from the mail, and leaves the
 * context signed in (its cookies hold the session).
 */
export async function signUpVerified(
  context: BrowserContext,
  overrides: Partial<TestAccount> = {},
  base = inject('baseUrl'),
): Promise<TestAccount> {
  const account: TestAccount = {
    name: overrides.name ?? 'Test Traveller',
    email: overrides.email ?? uniqueEmail(),
    password: overrides.password ?? 'correct horse battery staple',
  };
  const response = await context.request.post(`${base}/api/auth/sign-up/email`, {
    headers: { origin: base },
    data: { ...account, acceptTerms: true, callbackURL: '/itineraries' },
  });
  if (!response.ok())
    throw new Error(`Sign-up failed: ${response.status()} ${await response.text()}`);
  const mail = await waitForMail(account.email);
  const link = mail.links.find((url) => url.includes('/verify-email'));
  if (!link) throw new Error('The verification mail has no link');
  await context.request.get(link, { maxRedirects: 0 });
  return account;
}

/**
 * `owner` invites `guest` (signed up as `account`) into a trip as an editor, and the guest
 * accepts through the API with the token of the mail's link.
 */
export async function joinAsEditor(
  owner: BrowserContext,
  guest: BrowserContext,
  account: TestAccount,
  itineraryId: string,
): Promise<void> {
  const base = inject('baseUrl');
  const invited = await owner.request.post(`${base}/api/itineraries/${itineraryId}/invitations`, {
    headers: { origin: base },
    data: { email: account.email, role: 'editor' },
  });
  expect(invited.status()).toBe(201);
  const mail = await waitForMail(account.email, /invited you/);
  const link = mail.links.find((candidate) => candidate.includes('invitation='));
  const token = link ? new URL(link).searchParams.get('invitation') : null;
  if (!token) throw new Error('The invitation mail has no link');
  const accepted = await guest.request.post(`${base}/api/invitations/accept`, {
    headers: { origin: base },
    data: { token },
  });
  expect(accepted.status()).toBe(200);
}
