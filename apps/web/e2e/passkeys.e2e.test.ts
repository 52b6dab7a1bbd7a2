import { localizePath, type Language } from '@jammy/shared/languages';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import arLocale from '@jammy/shared/locales/ar.json';
import enLocale from '@jammy/shared/locales/en.json';
import { signUpVerified } from './accounts';
import { PHONE, browserForThisFile, newContext, screenshot, seriousViolations } from './browser';
import { startLocalhostServer } from './localhost-server';
import { createTokenAsking, provedAgo, tokenWasMade } from './step-up';

const browser = await browserForThisFile();
const server = await startLocalhostServer();
afterAll(() => server.close());

const WORDS = {
  en: {
    security: enLocale.security,
    auth: enLocale.auth,
    account: enLocale.account,
    second: enLocale['second-factor'],
  },
  ar: {
    security: arLocale.security,
    auth: arLocale.auth,
    account: arLocale.account,
    second: arLocale['second-factor'],
  },
} as const;

/** `text` with its `{name}` filled in, as the app shows it. */
function filled(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
}

/**
 * A platform authenticator of the browser's own (Chrome's virtual authenticator, through the
 * DevTools protocol): it keeps discoverable credentials and verifies its user (as a device's
 * fingerprint or PIN would) without anyone there.
 */
async function addAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
}

async function signedIn(context: BrowserContext): Promise<boolean> {
  return (await context.request.get(`${server.baseUrl}/api/me`)).status() === 200;
}

async function signOut(context: BrowserContext): Promise<void> {
  const response = await context.request.post(`${server.baseUrl}/api/auth/sign-out`, {
    headers: { origin: server.baseUrl },
    data: {},
  });
  expect(response.status()).toBe(200);
  expect(await signedIn(context)).toBe(false);
}

describe('passkeys', () => {
  it.each(['en', 'ar'] as const)(
    'are added on a phone, sign the traveller in, and are renamed and removed (%s)',
    async (language: Language & keyof typeof WORDS) => {
      const t = WORDS[language].security.passkeys;
      const auth = WORDS[language].auth;
      const context = await newContext(browser, PHONE);
      await signUpVerified(context, {}, server.baseUrl);
      const page = await context.newPage();
      const credentials = await addAuthenticator(context, page);
      const at = (target: string) => `${server.baseUrl}${localizePath(target, language)}`;

      await page.goto(`${at('/account')}#security`);
      const card = page.getByRole('region', { name: t.title });
      await card.getByText(t.none).waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      // The name is suggested from the device; the traveller gives their own.
      const name = card.getByLabel(t.name);
      expect(await name.inputValue()).not.toBe('');
      await name.fill('');
      await card.getByRole('button', { name: t.add }).click();
      await card.getByText(t.nameRequired).waitFor();
      await name.fill('Phone');
      await card.getByRole('button', { name: t.add }).click();
      await card.getByText(filled(t.addedNotice, { name: 'Phone' })).waitFor();
      const row = card.getByRole('listitem').filter({ hasText: 'Phone' });
      await row.getByText(t.neverUsed).waitFor();
      const stored = await credentials();
      expect(stored).toHaveLength(1);
      expect(stored[0]?.isResidentCredential).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, `passkeys-added-phone-${language}`);

      // Signed out, the sign-in page offers the passkey among the e-mail field's suggestions
      // (conditional UI): the virtual authenticator picks it at once, as a person would.
      await signOut(context);
      await page.goto(at('/login'));
      await page.waitForURL((address) => !address.pathname.includes('/login'));
      expect(await signedIn(context)).toBe(true);

      // Where the browser has no such suggestions, the button signs in.
      await signOut(context);
      await context.addInitScript(() => {
        PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
      });
      await page.goto(at('/login'));
      const email = page.getByRole('textbox', { name: auth.fields.email });
      expect(await email.getAttribute('autocomplete')).toBe('username webauthn');
      const button = page.getByRole('button', { name: auth.passkey.signIn });
      await button.waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `passkeys-sign-in-phone-${language}`, { fullPage: true });
      await button.click();
      await page.waitForURL((address) => !address.pathname.includes('/login'));
      expect(await signedIn(context)).toBe(true);

      // The security activity lists the sign-ins and the passkey's addition, with the device.
      const words = WORDS[language].security;
      await page.goto(`${at('/account')}#sessions`);
      const activity = page.getByRole('region', { name: words.title });
      await activity.getByText(filled(words.kinds['passkey-added'], { name: 'Phone' })).waitFor();
      await activity
        .getByText(filled(words.signedIn, { method: words.methods.passkey }))
        .first()
        .waitFor();
      await activity
        .getByText(filled(words.signedIn, { method: words.methods['email-link'] }))
        .waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
      await activity.scrollIntoViewIfNeeded();
      await screenshot(page, `security-activity-phone-${language}`);

      // Its last use is shown; it is renamed, then removed.
      await page.goto(`${at('/account')}#security`);
      await row.waitFor();
      await expect.poll(() => row.getByText(t.neverUsed).count()).toBe(0);
      await row.getByRole('button', { name: filled(t.renameLabel, { name: 'Phone' }) }).click();
      const newName = row.getByLabel(filled(t.newName, { name: 'Phone' }));
      await expect
        .poll(() => newName.evaluate((field) => field === document.activeElement))
        .toBe(true);
      await newName.fill('Pixel');
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `passkeys-rename-phone-${language}`);
      await row.getByRole('button', { name: t.save }).click();
      await card.getByText(filled(t.renamedNotice, { name: 'Pixel' })).waitFor();
      const renamed = card.getByRole('listitem').filter({ hasText: 'Pixel' });
      await renamed.getByRole('button', { name: filled(t.removeLabel, { name: 'Pixel' }) }).click();
      await card.getByText(filled(t.removedNotice, { name: 'Pixel' })).waitFor();
      await card.getByText(t.none).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `passkeys-removed-phone-${language}`);

      // The device still holds it, but it opens the account no more.
      await signOut(context);
      await page.goto(at('/login'));
      await page.getByRole('button', { name: auth.passkey.signIn }).click();
      await page.getByText(auth.errors.passkeyFailed).waitFor();
      expect(await signedIn(context)).toBe(false);
      await context.close();
    },
  );
});

describe('step-up by passkey', () => {
  it.each(['en', 'ar'] as const)(
    'creating an API token after 10 minutes is confirmed with the passkey (%s)',
    async (language: Language & keyof typeof WORDS) => {
      const { second, security } = WORDS[language];
      const context = await newContext(browser, PHONE);
      const traveller = await signUpVerified(context, {}, server.baseUrl);
      const page = await context.newPage();
      await addAuthenticator(context, page);
      const at = (target: string) => `${server.baseUrl}${localizePath(target, language)}`;

      await page.goto(`${at('/account')}#security`);
      const card = page.getByRole('region', { name: security.passkeys.title });
      await card.getByText(security.passkeys.none).waitFor();
      await card.getByLabel(security.passkeys.name).fill('Phone');
      await card.getByRole('button', { name: security.passkeys.add }).click();
      await card.getByText(filled(security.passkeys.addedNotice, { name: 'Phone' })).waitFor();

      await provedAgo(server.dataDir, traveller.email, 11);
      // The passkey is the first way offered; the password stays one link away.
      const dialog = await createTokenAsking(page, at('/account'), WORDS[language]);
      await dialog.getByText(second.stepUp.passkeyText).waitFor();
      await dialog.getByRole('button', { name: second.stepUp.withPassword }).waitFor();
      expect(await dialog.locator('input[name="password"]').count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
      await screenshot(page, `step-up-passkey-phone-${language}`);
      await dialog.getByRole('button', { name: second.stepUp.withPasskey }).click();
      await tokenWasMade(page, dialog);
      await context.close();
    },
  );
});
