import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Makes the traveller's sessions look signed in `minutes` ago, in the database of the server
 * whose data folder is `dataDir` (its embedded PostgreSQL: the port in its pid file, the
 * password beside it), so that the next guarded operation asks for a step-up.
 */
export async function provedAgo(dataDir: string, email: string, minutes: number): Promise<void> {
  const dir = path.join(dataDir, 'postgres');
  const port = (await readFile(path.join(dir, 'cluster', 'postmaster.pid'), 'utf8')).split('\n')[3];
  const password = (await readFile(path.join(dir, 'password'), 'utf8')).trim();
  const client = new pg.Client({
    connectionString: `postgres://jammy:${password}@127.0.0.1:${port}/postgres`,
  });
  await client.connect();
  try {
    await client.query(
      `UPDATE session SET authenticated_at = now() - make_interval(mins => $2)
        WHERE user_id = (SELECT id FROM "user" WHERE email = $1)`,
      [email, minutes],
    );
  } finally {
    await client.end();
  }
}

/** The words of the account's token form and of the step-up dialog, in one language. */
interface StepUpWords {
  account: { tokens: { none: string; name: string; create: string } };
  second: { stepUp: { title: string } };
}

/**
 * Asks for an API token named "Late robot" on the account page at `accountUrl` (a guarded
 * operation): the step-up dialog it opens.
 */
export async function createTokenAsking(
  page: Page,
  accountUrl: string,
  { account, second }: StepUpWords,
): Promise<Locator> {
  await page.goto(`${accountUrl}#tokens`);
  await page.getByText(account.tokens.none).waitFor();
  await page.getByLabel(account.tokens.name).fill('Late robot');
  await page.getByRole('button', { name: account.tokens.create }).click();
  const dialog = page.getByRole('dialog', { name: second.stepUp.title });
  await dialog.waitFor();
  return dialog;
}

/** Once the dialog is confirmed: the token was made by the same click. */
export async function tokenWasMade(page: Page, dialog: Locator): Promise<void> {
  await dialog.waitFor({ state: 'detached' });
  expect(await page.getByTestId('api-token-secret').textContent()).toMatch(/^jmy_/);
  await page.getByRole('listitem').filter({ hasText: 'Late robot' }).waitFor();
}
