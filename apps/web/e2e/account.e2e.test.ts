import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LANGUAGE_COOKIE, localizePath, type Language } from '@jammy/shared/languages';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { uuidv7 } from 'uuidv7';
import { describe, expect, inject, it } from 'vitest';
import arLocale from '@jammy/shared/locales/ar.json';
import enLocale from '@jammy/shared/locales/en.json';
import itLocale from '@jammy/shared/locales/it.json';
import { signUpVerified, uniqueEmail, waitForMail, type TestAccount } from './accounts';
import {
  DESKTOP,
  PHONE,
  baseUrl,
  newContext,
  seriousViolations,
  browserForThisFile,
} from './browser';

const arAccount = arLocale.account;
const en = enLocale.account;
const itAccount = itLocale.account;
const arCore = arLocale.translation;
const enCore = enLocale.translation;
const itCore = itLocale.translation;

const SECTIONS = ['profile', 'security', 'sessions', 'tokens', 'data', 'welcome'] as const;
const NEW_PASSWORD = 'a whole new passphrase';

const browser = await browserForThisFile();

/** A signed-in traveller with a page of their own. */
async function signedIn(
  options: BrowserContextOptions = DESKTOP,
  overrides: Partial<TestAccount> = {},
): Promise<{ context: BrowserContext; page: Page; account: TestAccount }> {
  const context = await newContext(browser, options);
  const account = await signUpVerified(context, overrides);
  return { context, page: await context.newPage(), account };
}

/** Signs `account` in from another device (a context of its own), through the API. */
async function signInElsewhere(account: TestAccount, password = account.password) {
  const context = await newContext(browser);
  const response = await context.request.post(`${baseUrl()}/api/auth/sign-in/email`, {
    headers: { origin: baseUrl() },
    data: { email: account.email, password },
  });
  return { context, status: response.status() };
}

async function meStatus(context: BrowserContext): Promise<number> {
  return (await context.request.get(`${baseUrl()}/api/me`)).status();
}

/** A form field by its label (a required field's label ends with an asterisk). */
function field(page: Page, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByLabel(new RegExp(`^${escaped}(\\s*\\*)?$`));
}

/** Waits until every list of the open section has loaded. */
async function settled(page: Page) {
  await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
}

async function openSection(page: Page, section: string, language: Language = 'en') {
  await page.goto(`${baseUrl()}${localizePath('/account', language)}#${section}`);
  await page.getByRole('tabpanel').getByRole('heading', { level: 2 }).waitFor();
}

describe('the account page', () => {
  it('updates the display name and language; the page then speaks that language', async () => {
    const { context, page, account } = await signedIn();
    await openSection(page, 'profile');
    expect(await page.locator('h1').textContent()).toBe(enCore.routes.account.title);
    expect(
      await page.getByRole('tab', { name: en.tabs.profile }).getAttribute('aria-selected'),
    ).toBe('true');

    await field(page, en.fields.name).fill('Marco Polo');
    await field(page, en.fields.language).selectOption('it');
    await field(page, en.fields.homePlace).fill('Venezia');
    await page.getByRole('button', { name: en.profile.save }).click();

    await page.waitForURL(`${baseUrl()}/it/account#profile`);
    await expect.poll(() => page.locator('h1').textContent()).toBe(itCore.routes.account.title);
    await page.getByRole('status').filter({ hasText: itAccount.profile.saved }).waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('it');
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === LANGUAGE_COOKIE.name)?.value).toBe('it');

    const me = (await (await context.request.get(`${baseUrl()}/api/me`)).json()) as {
      name: string;
      language: string;
      homePlace: string;
    };
    expect(me).toMatchObject({ name: 'Marco Polo', language: 'it', homePlace: 'Venezia' });

    // The account menu shows who is signed in: initials, then name and e-mail in its header.
    const menuButton = page.getByRole('button', { name: itCore.nav.accountMenu });
    expect(await menuButton.textContent()).toBe('MP');
    await menuButton.click();
    const menu = page.getByRole('menu');
    await menu.getByText('Marco Polo').waitFor();
    await menu.getByText(account.email).waitFor();
    expect(await menu.getByRole('menuitem', { name: itAccount.menu.outbox }).count()).toBe(0);
    await context.close();
  });

  it('says when the profile changed elsewhere and reloads the current values', async () => {
    const { context, page } = await signedIn();
    await openSection(page, 'profile');
    // Another tab saves first.
    const other = await context.request.patch(`${baseUrl()}/api/me`, {
      headers: { origin: baseUrl() },
      data: { homePlace: 'Torino' },
    });
    expect(other.ok()).toBe(true);

    await field(page, en.fields.homePlace).fill('Bologna');
    await page.getByRole('button', { name: en.profile.save }).click();
    await page.getByText(en.profile.conflictTitle).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: en.profile.conflictReload }).click();
    expect(await field(page, en.fields.homePlace).inputValue()).toBe('Torino');

    await field(page, en.fields.homePlace).fill('Bologna');
    await page.getByRole('button', { name: en.profile.save }).click();
    await page.getByRole('status').filter({ hasText: en.profile.saved }).waitFor();
    await context.close();
  });

  it('changes the password: the old one fails, the new one works, other sessions end', async () => {
    const { context, page, account } = await signedIn();
    const elsewhere = await signInElsewhere(account);
    expect(elsewhere.status).toBe(200);
    expect(await meStatus(elsewhere.context)).toBe(200);

    await openSection(page, 'security');
    const current = field(page, en.fields.currentPassword);
    const next = field(page, en.fields.newPassword);
    const repeat = field(page, en.fields.confirmPassword);

    // Too short, and not repeated: said at the fields, nothing sent.
    await current.fill(account.password);
    await next.fill('short');
    await repeat.fill('shorter');
    await page.getByRole('button', { name: en.password.submit }).click();
    await page.getByText(en.validation.tooShort.replace('{min}', '10')).waitFor();
    await page.getByText(en.password.mismatch).waitFor();

    // A wrong current password is refused, in place.
    await current.fill('not the password at all');
    await next.fill(NEW_PASSWORD);
    await repeat.fill(NEW_PASSWORD);
    await page.getByRole('button', { name: en.password.submit }).click();
    await page.getByText(en.errors['wrong-password']).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await current.fill(account.password);
    await page.getByRole('button', { name: en.password.submit }).click();
    await page.getByRole('status').filter({ hasText: en.password.changed }).waitFor();

    // This device stays signed in; the other one was signed out.
    expect(await meStatus(context)).toBe(200);
    expect(await meStatus(elsewhere.context)).toBe(401);
    expect((await signInElsewhere(account)).status).toBe(401);
    expect((await signInElsewhere(account, NEW_PASSWORD)).status).toBe(200);
    await context.close();
  });

  it('changes the e-mail address once the current and the new address confirm it', async () => {
    const { context, page, account } = await signedIn();
    const newEmail = uniqueEmail('moved');
    await openSection(page, 'security');
    await page.getByText(en.email.howConfirmed).waitFor();
    await field(page, en.fields.newEmail).fill(newEmail);
    await page.getByRole('button', { name: en.email.submit }).click();
    await page.getByRole('status').filter({ hasText: en.email.sentTitle }).waitFor();

    // First the current address confirms, then the new one is verified.
    const confirmation = await waitForMail(account.email, /new e-mail address/);
    const confirmLink = confirmation.links.find((url) => url.includes('/verify-email'));
    expect(confirmLink).toBeDefined();
    await context.request.get(confirmLink ?? '', { maxRedirects: 0 });
    expect(
      ((await (await context.request.get(`${baseUrl()}/api/me`)).json()) as { email: string })
        .email,
    ).toBe(account.email);

    const verification = await waitForMail(newEmail);
    const verifyLink = verification.links.find((url) => url.includes('/verify-email'));
    await context.request.get(verifyLink ?? '', { maxRedirects: 0 });
    const me = (await (await context.request.get(`${baseUrl()}/api/me`)).json()) as {
      email: string;
    };
    expect(me.email).toBe(newEmail);
    await context.close();
  });

  it('lists the sessions of two devices and signs the other one out', async () => {
    const { context, page, account } = await signedIn();
    const other = await signInElsewhere(account);
    const otherPage = await other.context.newPage();
    await otherPage.goto(`${baseUrl()}/account`);
    await otherPage.getByRole('heading', { level: 1 }).waitFor();

    await openSection(page, 'sessions');
    const list = page.getByRole('list', { name: en.sessions.title });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
    const current = list.locator('li[data-current]');
    expect(await current.count()).toBe(1);
    await current.getByText(en.sessions.thisDevice).waitFor();
    expect(await current.getByRole('button').count()).toBe(0);

    await list.getByRole('button', { name: /^Sign out / }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /was signed out/ })
      .waitFor();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);

    // The other device is signed out: once its tab comes back into view it checks its
    // session and asks to sign in, without a reload.
    expect(await meStatus(other.context)).toBe(401);
    const checked = otherPage.waitForResponse((response) =>
      response.url().endsWith('/api/auth/get-session?disableCookieCache=true'),
    );
    await otherPage.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    expect((await checked).status()).toBe(200);
    await otherPage.waitForURL(/\/login\/start\?redirect=%2Faccount/);

    // And "everywhere else" ends every session but this one.
    const third = await signInElsewhere(account);
    await page.reload();
    await page.getByRole('tabpanel').getByRole('heading', { level: 2 }).waitFor();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
    await page.getByRole('button', { name: en.sessions.revokeOthers }).click();
    await page.getByRole('status').filter({ hasText: en.sessions.revokedOthers }).waitFor();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
    expect(await meStatus(third.context)).toBe(401);
    expect(await meStatus(context)).toBe(200);
    await context.close();
  });

  it('downloads my data as a JSON file that holds my e-mail', async () => {
    const { context, page, account } = await signedIn();
    await openSection(page, 'data');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: en.data.exportButton }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^jammy-export-\d{4}-\d{2}-\d{2}\.json$/);
    const file = await download.path();
    const data = JSON.parse(await readFile(file, 'utf8')) as { profile: { email: string } };
    expect(data.profile.email).toBe(account.email);
    await page.getByRole('status').filter({ hasText: download.suggestedFilename() }).waitFor();
    await context.close();
  });

  it('deletes the account once DELETE is typed: signed out, and signing in fails', async () => {
    const { context, page, account } = await signedIn();
    await openSection(page, 'data');
    await page.getByRole('button', { name: en.delete.open }).click();
    const dialog = page.getByRole('dialog', { name: en.delete.modalTitle });
    await dialog.waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const confirm = dialog.getByRole('button', { name: en.delete.confirm });
    const typed = dialog.getByRole('textbox');
    expect(await confirm.isDisabled()).toBe(true);
    await typed.fill('delete');
    expect(await confirm.isDisabled()).toBe(true);
    await typed.fill('DELETE');
    await confirm.click();

    await page.waitForURL(`${baseUrl()}/`);
    await page.locator('[data-layout="not-logged"]').waitFor();
    // The home page is told to say the account was deleted.
    expect(
      await page.evaluate(() => (history.state as { usr?: { accountNotice?: string } }).usr),
    ).toEqual({ accountNotice: 'account-deleted' });
    expect(await meStatus(context)).toBe(401);
    expect((await signInElsewhere(account)).status).toBe(401);
    await context.close();
  });

  it('explains failures in place: too many attempts, no connection, a refused field', async () => {
    const { context, page, account } = await signedIn();
    await openSection(page, 'security');
    await page.route('**/api/auth/change-password', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '42' },
        body: JSON.stringify({ message: 'Too many requests. Please try again later.' }),
      }),
    );
    await field(page, en.fields.currentPassword).fill(account.password);
    await field(page, en.fields.newPassword).fill(NEW_PASSWORD);
    await field(page, en.fields.confirmPassword).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: en.password.submit }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: en.errors.rateLimitedWait.replace('{wait}', '42 seconds') })
      .waitFor();

    await page.route('**/api/me/export', (route) => route.abort('internetdisconnected'));
    await page.getByRole('tab', { name: en.tabs.data }).click();
    await page.getByRole('button', { name: en.data.exportButton }).click();
    await page.getByRole('alert').filter({ hasText: en.errors.network }).waitFor();

    await page.route('**/api/me', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({
              error: {
                code: 'request/invalid',
                message: 'homePlace: must be at most 120 characters',
                details: { issues: [{ field: 'homePlace', message: 'too long' }] },
              },
            }),
          })
        : route.fallback(),
    );
    await page.getByRole('tab', { name: en.tabs.profile }).click();
    await field(page, en.fields.homePlace).fill('Somewhere');
    await page.getByRole('button', { name: en.profile.save }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: en.errors.invalid.replace('{fields}', en.fields.homePlace) })
      .waitFor();
    await page.getByText(en.validation.notAccepted).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('lets the keyboard move between sections, and keeps the section in the address', async () => {
    const { context, page } = await signedIn();
    await openSection(page, 'profile');
    await page.getByRole('tab', { name: en.tabs.profile }).focus();
    await page.keyboard.press('ArrowDown');
    await page.waitForURL(`${baseUrl()}/account#security`);
    const security = page.getByRole('tab', { name: en.tabs.security });
    await expect.poll(() => security.getAttribute('aria-selected')).toBe('true');
    await page.getByRole('tabpanel').getByRole('heading', { name: en.tabs.security }).waitFor();
    // Where the focus rests once the section is drawn (its messages may load meanwhile).
    await expect
      .poll(() => security.evaluate((element) => element === document.activeElement))
      .toBe(true);

    // The welcome tour is one link away.
    await page.getByRole('tab', { name: en.tabs.welcome }).click();
    const tour = page.getByRole('link', { name: en.welcome.again });
    expect(await tour.getAttribute('href')).toBe('/on-boarding');
    await context.close();
  });
});

describe('the account page for everyone', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('has no serious accessibility problem in any section (%s)', async (_, options) => {
    const { context, page } = await signedIn(options);
    for (const section of SECTIONS) {
      await openSection(page, section);
      // Lists load after the heading: check the page once it has settled.
      await settled(page);
      expect(await seriousViolations(page), section).toEqual([]);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        section,
      ).toBeLessThanOrEqual(options.viewport?.width ?? 1280);
    }
    await context.close();
  });

  it('is right-to-left and translated in Arabic, on a phone too', async () => {
    const { context, page } = await signedIn(PHONE);
    for (const section of SECTIONS) {
      await openSection(page, section, 'ar');
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
      expect(await page.locator('h1').textContent()).toBe(arCore.routes.account.title);
      await page
        .getByRole('tabpanel')
        .getByRole('heading', { level: 2, name: arAccount.tabs[section] })
        .waitFor();
      await settled(page);
      expect(await seriousViolations(page), section).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
    }
    await context.close();
  });

  it('gives a traveller who is not an admin no outbox, and the API refuses them', async () => {
    const { context, page } = await signedIn();
    await openSection(page, 'outbox');
    // An outbox address falls back to the profile.
    expect(await page.getByRole('tab', { name: en.tabs.outbox }).count()).toBe(0);
    expect(
      await page.getByRole('tab', { name: en.tabs.profile }).getAttribute('aria-selected'),
    ).toBe('true');
    await page.getByRole('button', { name: enCore.nav.accountMenu }).click();
    await page.getByRole('menuitem', { name: enCore.nav.account }).waitFor();
    expect(await page.getByRole('menuitem', { name: en.menu.outbox }).count()).toBe(0);

    expect((await context.request.get(`${baseUrl()}/api/admin/outbox`)).status()).toBe(403);
    expect(
      (await context.request.get(`${baseUrl()}/api/admin/outbox/${uuidv7()}.eml`)).status(),
    ).toBe(403);
    await context.close();
  });
});

/**
 * Puts a mail in the server's outbox as its outbox mailer does when no SMTP server is set
 * (this suite's server sends mail over SMTP, so its outbox only ever holds text messages).
 */
async function mailToOutbox(to: string, subject: string, link: string): Promise<void> {
  const dir = path.join(inject('dataDir'), 'outbox');
  await mkdir(dir, { recursive: true });
  const message = [
    'From: Jammy <no-reply@jammy.test>',
    `To: ${to}`,
    `Subject: ${subject}`,
    `Date: ${new Date().toUTCString()}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Hello,',
    '',
    `Open this link to sign in: ${link}`,
    '',
    '— The Jammy team',
    '',
  ].join('\r\n');
  await writeFile(path.join(dir, `${uuidv7()}.eml`), message);
}

describe('the outbox', () => {
  // ADMIN_EMAILS names one address, so one test signs it up and checks everything.
  it('shows an admin the mails and text messages Jammy kept, and opens one', async () => {
    const recipient = uniqueEmail('outbox');
    const link = `${baseUrl()}/api/auth/magic-link/verify?token=outbox-test-token`;
    await mailToOutbox(recipient, 'Your Jammy sign-in link', link);
    const phone = `+3933${String(Date.now()).slice(-8)}`;
    const otp = await (
      await newContext(browser)
    ).request.post(`${baseUrl()}/api/auth/phone-number/send-otp`, {
      headers: { origin: baseUrl() },
      data: { phoneNumber: phone },
    });
    expect(otp.ok()).toBe(true);

    const { context, page, account } = await signedIn(DESKTOP, { email: 'admin@jammy.test' });
    expect(account.email).toBe('admin@jammy.test');
    await page.goto(`${baseUrl()}/account`);
    await page.getByRole('heading', { level: 1 }).waitFor();

    // The account menu leads admins to the outbox.
    await page.getByRole('button', { name: enCore.nav.accountMenu }).click();
    await page.getByRole('menuitem', { name: en.menu.outbox }).click();
    await page.waitForURL(`${baseUrl()}/account#outbox`);
    await expect
      .poll(() => page.getByRole('tab', { name: en.tabs.outbox }).getAttribute('aria-selected'))
      .toBe('true');
    await page.getByText(en.outbox.why).waitFor();

    const list = page.getByRole('list', { name: en.outbox.title });
    const mail = list.getByRole('button', { name: /Your Jammy sign-in link/ });
    await mail.waitFor();
    await mail.getByText(`To: ${recipient}`).waitFor();
    const sms = list.getByRole('button').filter({ hasText: phone });
    await sms.getByText(en.outbox.smsSubject).waitFor();
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);

    await mail.click();
    const dialog = page.getByRole('dialog', { name: 'Your Jammy sign-in link' });
    await dialog.getByText('Open this link to sign in').waitFor();
    expect(await dialog.getByRole('link', { name: link }).getAttribute('href')).toBe(link);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await sms.click();
    const text = page.getByRole('dialog', { name: en.outbox.smsSubject });
    await expect.poll(() => text.locator('pre').textContent()).toMatch(/\b\d{6}\b/);
    await page.keyboard.press('Escape');

    // The same on a phone and in Arabic.
    const phoneContext = await newContext(browser, {
      ...PHONE,
      storageState: await context.storageState(),
    });
    const phonePage = await phoneContext.newPage();
    await openSection(phonePage, 'outbox', 'ar');
    await phonePage.getByText(arAccount.outbox.why).waitFor();
    await settled(phonePage);
    expect(await seriousViolations(phonePage)).toEqual([]);
    expect(
      await phonePage.evaluate(() => document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(390);
    await phoneContext.close();
    await context.close();
  });
});
