import type { TestDatabase } from './database';
import { startTestServer } from './server';
import type { TestSmtpServer } from './smtp-server';
import type { TestApp } from './test-app';

export { readOutboxMails, type OutboxMail } from './server';

/** One test file's identity set-up (new files use serverTest() from fixture.ts). */
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

/** startTestServer() with mail over SMTP unless `outbox`. */
export async function startIdentityTest(
  options: { env?: Record<string, string>; outbox?: boolean } = {},
): Promise<IdentityTest> {
  const mail = (outbox = false) => (outbox ? 'outbox' : 'smtp');
  const server = await startTestServer({ env: options.env ?? {}, mail: mail(options.outbox) });
  return {
    database: server.testDatabase,
    smtp: server.smtp,
    main: server,
    origin: server.origin,
    another: (env, more) => server.another(env, { mail: mail(more?.outbox) }),
    close: server.close,
  };
}
