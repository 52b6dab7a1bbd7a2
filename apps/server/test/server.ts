import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { Logger } from 'pino';
import { eq } from 'drizzle-orm';
import { user as userTable } from '../src/db/schema/auth';
import {
  CookieJar,
  SESSION_COOKIE,
  followLink,
  onlyLink,
  readMe,
  signUp,
  uniqueEmail,
  type SignUpInput,
} from './auth-helpers';
import {
  call,
  clientOf,
  travellerOf,
  type Client,
  type SignedInUser,
  type Traveller,
} from './clients';
import { createTestDatabase, type TestDatabase } from './database';
import { linksOf, startSmtpServer, type TestSmtpServer } from './smtp-server';
import { buildTestApp, type TestApp } from './test-app';

export interface TestServerOptions {
  /** Environment beyond the test defaults, e.g. `{ ADMIN_EMAILS: '…', PUBLIC_URL: '…' }`. */
  env?: Record<string, string>;
  /**
   * Where mail goes: `smtp` (the default) sends it to the file's SMTP catcher as production
   * does; `outbox` leaves SMTP_URL unset, so mail is written to DATA_DIR/outbox.
   */
  mail?: 'smtp' | 'outbox';
  /** The web build to serve; a fresh fixture (web-dist.ts) when absent. */
  webDistDir?: string;
  /** Adds files to the fresh web build fixture before the app reads it (its folder is
   * `config.webDistDir`). */
  prepareWebDist?: (dir: string) => Promise<void>;
  /** The app's logger instead of a silent one (to read what it logs). */
  logger?: Logger;
}

/** A test file's running app, its own database and mail catcher, and ways to make callers. */
export interface TestServer extends TestApp {
  /** The file's database on the PostgreSQL that global-setup.ts started. */
  testDatabase: TestDatabase;
  /** Receives the mail the app sends (nothing arrives with `mail: 'outbox'`). */
  smtp: TestSmtpServer;
  /** The origin the app trusts (PUBLIC_URL, or http://localhost:3000). */
  origin: string;
  /** The mails written to DATA_DIR/outbox (with `mail: 'outbox'`), oldest first. */
  outbox(): Promise<OutboxMail[]>;
  /**
   * A new traveller who signed up through the API, confirmed the address with the mailed link
   * (which signs in), and is signed in; a unique address unless `input.email` is given.
   */
  traveller(input?: Partial<SignUpInput> & { label?: string }): Promise<Traveller>;
  /** A new traveller the app treats as an administrator of the installation. */
  admin(label?: string): Promise<Traveller>;
  /** A client calling as `account`, or as nobody. */
  client(account: SignedInUser | null): Client;
  /** Another app on the same database and mail catcher (closed with this one). */
  another(
    env?: Record<string, string>,
    options?: Pick<TestServerOptions, 'mail'>,
  ): Promise<TestApp>;
  /** Closes every app, the mail catcher, and drops the database. */
  close(): Promise<void>;
}

/**
 * The one way an integration test starts the server: a throw-away database of its own, a mail
 * catcher, and the app built as main.ts builds it, with `options` on top.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const testDatabase = await createTestDatabase({ migrated: true });
  const smtp = await startSmtpServer();
  const apps: TestApp[] = [];
  const build = async (env: Record<string, string> = {}, mail = options.mail ?? 'smtp') => {
    const built = await buildTestApp({
      databaseUrl: testDatabase.url,
      env: { ...(mail === 'smtp' ? { SMTP_URL: smtp.url } : {}), ...env },
      ...(options.webDistDir === undefined ? {} : { webDistDir: options.webDistDir }),
      ...(options.prepareWebDist === undefined ? {} : { prepareWebDist: options.prepareWebDist }),
      ...(options.logger === undefined ? {} : { logger: options.logger }),
    });
    apps.push(built);
    return built;
  };
  const close = async () => {
    for (const built of apps.reverse()) await built.close();
    await smtp.close();
    await testDatabase.drop();
  };
  try {
    const main = await build(options.env);
    const server: TestServer = {
      ...main,
      testDatabase,
      smtp,
      origin: main.config.baseUrl.origin,
      outbox: () => readOutboxMails(main.config.dataDir),
      traveller: async (input = {}) => {
        const { label = 'traveller', ...rest } = input;
        const account = await signUpVerified(main, { email: uniqueEmail(label), ...rest }, smtp);
        return travellerOf(main, account);
      },
      admin: async (label = 'admin') => {
        const account = await server.traveller({ label });
        await makeAdmin(main, account);
        return account;
      },
      client: (account) => clientOf(main, account),
      another: (env = {}, more = {}) => build(env, more.mail),
      close,
    };
    return server;
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Signs up through the API (from a client address of its own, so the sign-up rate limit never
 * bites), follows the verification link from the mail (SMTP, or the outbox when the app writes
 * there) and returns the session.
 */
export async function signUpVerified(
  testApp: TestApp,
  input: SignUpInput,
  smtp?: TestSmtpServer,
): Promise<SignedInUser> {
  const { app, config } = testApp;
  const response = await signUp(app, input);
  if (response.statusCode !== 200) {
    throw new Error(`sign-up answered ${response.statusCode}: ${response.body}`);
  }
  const isVerification = (link: string) => link.includes('/verify-email?');
  const links =
    smtp && config.mail.smtpUrl
      ? (await smtp.waitForMail(input.email, (mail) => mail.links.some(isVerification))).links
      : await outboxLinks(config.dataDir, input.email, isVerification);
  const verified = await followLink(app, onlyLink(links.filter(isVerification)));
  if (verified.statusCode !== 302) {
    throw new Error(`verification link answered ${verified.statusCode}: ${verified.body}`);
  }
  const jar = new CookieJar().store(verified);
  if (!jar.has(SESSION_COOKIE)) throw new Error('the verification link did not sign in');
  const me = await readMe(app, jar);
  return { id: me.id, email: input.email, jar, cookie: jar.header() };
}

async function outboxLinks(
  dataDir: string,
  email: string,
  wanted: (link: string) => boolean,
): Promise<string[]> {
  const deadline = Date.now() + 5000;
  while (Date.now() < deadline) {
    const mails = await readOutboxMails(dataDir);
    const mail = mails.find(
      (candidate) => candidate.to.includes(email) && candidate.links.some(wanted),
    );
    if (mail) return mail.links;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no verification mail for ${email} in the outbox`);
}

/**
 * Makes `account` an admin of the installation, and returns once the app treats it as one:
 * the role is written to the database directly, and a session the app checked before keeps
 * its old role until the database's notification drops it, a moment later.
 */
export async function makeAdmin<T extends SignedInUser>(testApp: TestApp, account: T): Promise<T> {
  await testApp.database.db
    .update(userTable)
    .set({ role: 'admin' })
    .where(eq(userTable.id, account.id));
  // A plain loop: helpers run in beforeAll, where expect.poll may not.
  const deadline = Date.now() + 5_000;
  for (;;) {
    const answer = await call(testApp, account, 'GET', '/api/admin/shop/orders');
    if (answer.statusCode === 200) break;
    if (Date.now() > deadline) {
      throw new Error(`still not an admin after 5 s: ${answer.statusCode} ${answer.body}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return account;
}

/** One mail the outbox mailer wrote to DATA_DIR/outbox, parsed. */
export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/** Every mail in DATA_DIR/outbox, oldest first. */
export async function readOutboxMails(dataDir: string): Promise<OutboxMail[]> {
  const dir = path.join(dataDir, 'outbox');
  let files: string[];
  try {
    files = (await readdir(dir)).filter((file) => file.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return Promise.all(
    files.map(async (file) => {
      const mail = await simpleParser(await readFile(path.join(dir, file)));
      const to = [mail.to ?? []]
        .flat()
        .map((address) => address.text)
        .join(', ');
      const text = mail.text ?? '';
      return { file, to, subject: mail.subject ?? '', text, links: linksOf(text) };
    }),
  );
}
