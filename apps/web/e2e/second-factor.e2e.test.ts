import { localizePath, type Language } from '@jammy/shared/languages';
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import arLocale from '@jammy/shared/locales/ar.json';
import enLocale from '@jammy/shared/locales/en.json';
import { signUpVerified } from './accounts';
import { createTokenAsking, provedAgo, tokenWasMade } from './step-up';
import {
  PHONE,
  browserForThisFile,
  newContext,
  screenshot,
  seriousViolations,
  url,
} from './browser';

const browser = await browserForThisFile();

const WORDS = {
  en: {
    account: enLocale.account,
    auth: enLocale.auth,
    core: enLocale.translation,
    second: enLocale['second-factor'],
  },
  ar: {
    account: arLocale.account,
    auth: arLocale.auth,
    core: arLocale.translation,
    second: arLocale['second-factor'],
  },
} as const;

/** The code the app would show now, computed by otplib (not the server's implementation). */
function codeFor(secret: string): Promise<string> {
  return generate({ secret });
}

/** The first step of a password sign-in, from the sign-in page in `language`. */
async function signInWithPassword(
  page: Page,
  language: keyof typeof WORDS,
  email: string,
  password: string,
) {
  const { auth } = WORDS[language];
  await page.goto(url(localizePath('/login', language)));
  const main = page.getByRole('main');
  await main.getByLabel(auth.fields.email).fill(email);
  await main.getByLabel(auth.fields.password, { exact: true }).fill(password);
  await main.getByRole('button', { name: auth.login.submit, exact: true }).click();
  await page.waitForURL(url(localizePath('/login/second-factor', language)));
  await page
    .getByRole('heading', {
      level: 1,
      name: WORDS[language].core.routes['login-second-factor'].title,
    })
    .waitFor();
}

describe('authenticator codes', () => {
  it.each(['en', 'ar'] as const)(
    'are set up on a phone, then asked after the password; a backup code works instead (%s)',
    async (language: Language & keyof typeof WORDS) => {
      const { account, second } = WORDS[language];
      const t = second.setup;
      const context = await newContext(browser, PHONE);
      const traveller = await signUpVerified(context);
      const page = await context.newPage();
      await page.goto(url(`${localizePath('/account', language)}#security`));
      const card = page.getByRole('region', { name: t.title });
      await card.getByText(t.off, { exact: true }).waitFor();
      await card.getByRole('button', { name: t.setUp }).click();
      await card.getByLabel(account.fields.currentPassword).fill(traveller.password);
      await card.getByRole('button', { name: t.start }).click();

      // The QR code has a name, and the key is written beside it: that is what is typed here.
      await card.getByRole('img', { name: t.qrLabel }).waitFor();
      const secret = ((await card.getByTestId('two-factor-secret').textContent()) ?? '').replace(
        /\s/g,
        '',
      );
      expect(secret).toMatch(/^[A-Z2-7]{32,}$/);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
      await screenshot(page, `second-factor-setup-phone-${language}`, { fullPage: true });

      // A wrong code is refused on its field; the right one turns the second step on.
      const code = await codeFor(secret);
      await card.getByLabel(t.code).fill(code === '000000' ? '111111' : '000000');
      await card.getByRole('button', { name: t.confirm }).click();
      await card.getByText(account.errors['wrong-code']).waitFor();
      await card.getByLabel(t.code).fill(await codeFor(secret));
      await card.getByRole('button', { name: t.confirm }).click();
      const codes = card.getByTestId('backup-codes').getByRole('listitem');
      await codes.first().waitFor();
      const backupCodes = await codes.allTextContents();
      expect(backupCodes).toHaveLength(10);
      await card.getByText(t.on, { exact: true }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `second-factor-backup-codes-phone-${language}`, { fullPage: true });
      await card.getByRole('button', { name: t.done }).click();
      await card.getByRole('button', { name: t.disable }).waitFor();

      // Signed out, the password alone is not enough: the code page asks for the app's code.
      await context.clearCookies();
      await signInWithPassword(page, language, traveller.email, traveller.password);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `second-factor-sign-in-phone-${language}`, { fullPage: true });
      const main = page.getByRole('main');
      await main.getByLabel(second.signIn.appCode).fill(await codeFor(secret));
      await main.getByRole('button', { name: second.signIn.submit }).click();
      await page.waitForURL(url(localizePath('/itineraries', language)));

      // And once more with a backup code instead of the app.
      await context.clearCookies();
      await signInWithPassword(page, language, traveller.email, traveller.password);
      await main.getByRole('button', { name: second.signIn.useBackup }).click();
      await main.getByLabel(second.signIn.backupCode).fill(backupCodes[0] ?? '');
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `second-factor-backup-sign-in-phone-${language}`, { fullPage: true });
      await main.getByRole('button', { name: second.signIn.submit }).click();
      await page.waitForURL(url(localizePath('/itineraries', language)));
      await context.close();
    },
  );
});

describe('operations that need a recent sign-in', () => {
  it.each(['en', 'ar'] as const)(
    'creating an API token after 10 minutes asks for the password, then goes on (%s)',
    async (language: Language & keyof typeof WORDS) => {
      const { second } = WORDS[language];
      const context = await newContext(browser, PHONE);
      const traveller = await signUpVerified(context);
      await provedAgo(inject('dataDir'), traveller.email, 11);
      const page = await context.newPage();
      const accountUrl = url(localizePath('/account', language));
      const dialog = await createTokenAsking(page, accountUrl, WORDS[language]);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `step-up-phone-${language}`);
      const password = dialog.locator('input[name="password"]');
      await password.fill('not my password at all');
      await dialog.getByRole('button', { name: second.stepUp.confirm }).click();
      await dialog.getByRole('alert').waitFor();
      await password.fill(traveller.password);
      await dialog.getByRole('button', { name: second.stepUp.confirm }).click();
      await tokenWasMade(page, dialog);
      await context.close();
    },
  );
});
