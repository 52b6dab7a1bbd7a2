import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { createTestDatabase, type TestDatabase } from './database';
import { linksOf, startSmtpServer, type TestSmtpServer } from './smtp-server';
import { buildTestApp, type TestApp } from './test-app';

/** One test file's identity set-up: its database, a real SMTP server and the app. */
export interface IdentityTest {
  database: TestDatabase;
  smtp: TestSmtpServer;
  /** The app built with `env` (and SMTP_URL unless `outbox` was asked for). */
  main: TestApp;
  /** The origin the app trusts (PUBLIC_URL or http://localhost:3000). */
  origin: string;
  /** Another app on the same database (closed with the rest). */
  another(env: Record<string, string>, options?: { outbox?: boolean }): Promise<TestApp>;
  close(): Promise<void>;
}

/**
 * Creates the file's database, starts an SMTP server and builds the app with
 * SMTP_URL pointing at it (or with mail going to the outbox when `outbox` is true).
 */
export async function startIdentityTest(
  options: { env?: Record<string, string>; outbox?: boolean } = {},
): Promise<IdentityTest> {
  const database = await createTestDatabase();
  const smtp = await startSmtpServer();
  const apps: TestApp[] = [];
  const build = async (env: Record<string, string>, outbox: boolean) => {
    const app = await buildTestApp({
      databaseUrl: database.url,
      env: { ...(outbox ? {} : { SMTP_URL: smtp.url }), ...env },
    });
    apps.push(app);
    return app;
  };
  try {
    const main = await build(options.env ?? {}, options.outbox ?? false);
    return {
      database,
      smtp,
      main,
      origin: main.config.baseUrl.origin,
      another: (env, more) => build(env, more?.outbox ?? false),
      close: async () => {
        for (const app of apps.reverse()) await app.close();
        await smtp.close();
        await database.drop();
      },
    };
  } catch (error) {
    for (const app of apps) await app.close();
    await smtp.close();
    await database.drop();
    throw error;
  }
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
