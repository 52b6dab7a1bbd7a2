import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLocalHostname } from '../../server/src/auth/trusted-origins';
import { freePort } from '../../server/test/ports';
import {
  ensureServerBuilt,
  killIfRunning,
  startServer,
  terminate,
  waitForHealthy,
  type ServerProcess,
} from '../../server/test/server-process';
import deLocale from '@jammy/shared/locales/de.json';
import enLocale from '@jammy/shared/locales/en.json';
import { uniqueEmail } from './accounts';
import { PHONE, baseUrl, launchBrowser, newContext, seriousViolations } from './browser';

const deAuth = deLocale.auth;
const enAuth = enLocale.auth;

// A first `npm start`: no PUBLIC_URL, and Jammy opened at whatever address reaches it. The
// suite's own server has PUBLIC_URL set, so this file starts one more without it.

const webDist = fileURLToPath(new URL('../dist', import.meta.url));
let browser: Browser;
let firstRun: ServerProcess | undefined;
let dataDir: string;

/**
 * An address of this machine on a private network other than loopback (10/8, 172.16/12,
 * 192.168/16, fc00::/7), as a URL host; null when it has none.
 */
function privateAddress(): string | null {
  for (const addresses of Object.values(os.networkInterfaces())) {
    for (const address of addresses ?? []) {
      if (address.internal || address.address.startsWith('fe80:')) continue;
      const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      if (isLocalHostname(host)) return host;
    }
  }
  return null;
}

beforeAll(async () => {
  ensureServerBuilt();
  browser = await launchBrowser();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'jammy-first-run-'));
  await chmod(dataDir, 0o755);
  // Every address of the machine, as `HOST=0.0.0.0` would be (and IPv6 too).
  firstRun = startServer(await freePort(), {
    HOST: '::',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDist,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  });
  await waitForHealthy(firstRun, 60_000);
}, 90_000);

afterAll(async () => {
  await browser?.close();
  if (firstRun) await terminate(firstRun, 20_000);
  killIfRunning(firstRun);
  await rm(dataDir, { recursive: true, force: true });
});

async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** Fills the sign-up form of `origin` (in `language`) and sends it. */
async function signUpAt(origin: string, language: 'en' | 'de' = 'en'): Promise<Page> {
  const messages = language === 'en' ? enAuth : deAuth;
  const context = await newContext(browser, PHONE);
  const page = await context.newPage();
  await page.goto(`${origin}${language === 'en' ? '' : `/${language}`}/register`);
  const main = page.locator('main');
  await main.getByLabel(messages.fields.name).fill('First Run');
  await main.getByLabel(messages.fields.email).fill(uniqueEmail('first-run'));
  await main.getByLabel(messages.fields.password, { exact: true }).fill('a long and happy journey');
  await main.getByRole('checkbox').check();
  await main.getByRole('button', { name: messages.register.submit }).click();
  return page;
}

describe('a first run without PUBLIC_URL', () => {
  it('signs up at http://127.0.0.1', async () => {
    const origin = `http://127.0.0.1:${firstRun?.port}`;
    const page = await signUpAt(origin);
    await page.waitForURL(/\/register\/finish\?email=/);
    await screenshot(page, 'first-run-127-phone');
    await page.context().close();
  });

  it("signs up at the machine's address on a private network", async (context) => {
    const host = privateAddress();
    // Without one, the unit tests of isLocalHostname cover the private ranges.
    if (!host) return context.skip();
    const page = await signUpAt(`http://${host}:${firstRun?.port}`, 'de');
    await page.waitForURL(/\/de\/register\/finish\?email=/);
    await screenshot(page, 'first-run-private-address-de-phone');
    await page.context().close();
  });
});

describe('with PUBLIC_URL set', () => {
  // The suite's server has PUBLIC_URL=http://127.0.0.1:PORT; localhost is another origin.
  const elsewhere = () => baseUrl().replace('127.0.0.1', 'localhost');

  it('says which address to open or what to set, in English and in German', async () => {
    for (const language of ['en', 'de'] as const) {
      const messages = language === 'en' ? enAuth : deAuth;
      const page = await signUpAt(elsewhere(), language);
      const alert = page.locator('main').getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toBe(
        messages.errors.otherOrigin
          .replaceAll('{publicUrl}', baseUrl())
          .replaceAll('{origin}', elsewhere()),
      );
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `other-origin-${language}-phone`);
      await page.context().close();
    }
  });
});
