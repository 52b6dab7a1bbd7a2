import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import arLocale from '@jammy/shared/locales/ar.json';
import enLocale from '@jammy/shared/locales/en.json';
import { signUpVerified, uniqueEmail, waitForMail, waitForSms } from './accounts';
import {
  DESKTOP,
  PHONE,
  baseUrl,
  newContext,
  seriousViolations,
  browserForThisFile,
  existingAccount,
  url,
} from './browser';

const arAuth = arLocale.auth;
const enAuth = enLocale.auth;
const ar = arLocale.translation;
const en = enLocale.translation;

const browser = await browserForThisFile();

async function freshPage(options = DESKTOP): Promise<Page> {
  const context = await newContext(browser, options);
  return context.newPage();
}

/** Waits for the page's h1 to read `title` (the page may still be swapping after the URL). */
async function expectHeading(page: Page, title: string) {
  await expect.poll(() => page.locator('main h1').first().textContent()).toBe(title);
}

async function signInWithPassword(page: Page, email: string, password: string) {
  const main = page.locator('main');
  await main.getByLabel(enAuth.fields.email).fill(email);
  await main.getByLabel(enAuth.fields.password, { exact: true }).fill(password);
  await main.getByRole('button', { name: enAuth.login.submit, exact: true }).click();
}

/** The first link in a mail whose address contains `part`. */
function linkIn(mail: { links: string[] }, part: string): string {
  const link = mail.links.find((candidate) => candidate.includes(part));
  if (!link) throw new Error(`No link with ${part} in ${mail.links.join(', ')}`);
  return link;
}

describe('signing up and in with e-mail and password', () => {
  it('registers through the form, confirms by mail, signs out and in again', async () => {
    const page = await freshPage();
    const email = uniqueEmail('register');
    const password = 'a long and happy journey';

    await page.goto(url('/register'));
    await expectHeading(page, en.routes.register.title);
    const main = page.locator('main');
    await main.getByLabel(enAuth.fields.name).fill('Ada Traveller');
    await main.getByLabel(enAuth.fields.email).fill(email);
    await main.getByLabel(enAuth.fields.password, { exact: true }).fill(password);
    expect(await main.getByText('Password strength:').textContent()).toMatch(/strong|good/);
    await main.getByRole('checkbox').check();
    await main.getByRole('button', { name: enAuth.register.submit }).click();

    await page.waitForURL(url(`/register/finish?email=${encodeURIComponent(email)}`));
    await expectHeading(page, en.routes['register-finish'].title);
    expect(await main.getByText(email).isVisible()).toBe(true);
    // The mail has only just left: sending it again waits a little.
    expect(await main.getByRole('button', { name: /Send again in \d+ s/ }).isDisabled()).toBe(true);

    const mail = await waitForMail(email, /Confirm your e-mail/);
    await page.goto(linkIn(mail, '/verify-email'));
    await page.waitForURL(url('/on-boarding'));
    await expectHeading(page, en.routes['on-boarding'].title);

    await page.goto(url('/logout'));
    // The "signed out" message shows briefly before home; the end state is what counts.
    await page.waitForURL(url('/'), { timeout: 60_000 });
    expect((await page.context().request.get(url('/api/me'))).status()).toBe(401);
    await expect
      .poll(() => page.locator('[data-layout]').first().getAttribute('data-layout'))
      .toBe('not-logged');

    await page.goto(url('/login'));
    await expectHeading(page, en.routes.login.title);
    await signInWithPassword(page, email, password);
    await page.waitForURL(url('/itineraries'));

    // Signed in, the sign-in page is no place to be.
    await page.goto(url('/login'));
    await page.waitForURL(url('/itineraries'));
  });

  it('sends an anonymous visitor to sign in, then back to the page they wanted', async () => {
    const account = await existingAccount(browser);
    const page = await freshPage();
    await page.goto(url('/itineraries'));
    await page.waitForURL(url('/login/start?redirect=%2Fitineraries'));
    await expectHeading(page, en.routes['login-start'].title);

    const main = page.locator('main');
    // Every way in keeps the redirect.
    for (const name of [enAuth.loginStart.password, enAuth.loginStart.emailLink]) {
      expect(await main.getByRole('link', { name }).getAttribute('href')).toContain(
        '?redirect=%2Fitineraries',
      );
    }
    expect(
      await main.getByRole('link', { name: enAuth.common.createAccount }).getAttribute('href'),
    ).toBe('/register?redirect=%2Fitineraries');

    await main.getByRole('link', { name: enAuth.loginStart.password }).click();
    await page.waitForURL(url('/login?redirect=%2Fitineraries'));
    await signInWithPassword(page, account.email, account.password);
    await page.waitForURL(url('/itineraries'));
    await expectHeading(page, en.routes.itineraries.title);
  });

  it('never follows a redirect to another site', async () => {
    const account = await existingAccount(browser);
    const page = await freshPage();
    await page.goto(url('/login?redirect=%2F%2Fevil.example%2Fsteal'));
    await signInWithPassword(page, account.email, account.password);
    await page.waitForURL(url('/itineraries'));
  });

  it('says a wrong password is wrong without saying which part, in Arabic too', async () => {
    const account = await existingAccount(browser);
    const page = await freshPage();

    await page.goto(url('/login'));
    await signInWithPassword(page, account.email, 'not the password at all');
    const alert = page.locator('main').getByRole('alert');
    expect(await alert.textContent()).toContain(enAuth.errors.invalidCredentials);
    expect(page.url()).toBe(url('/login'));

    await page.goto(url('/ar/login'));
    const main = page.locator('main');
    await main.getByLabel(arAuth.fields.email).fill(uniqueEmail('nobody'));
    await main.getByLabel(arAuth.fields.password, { exact: true }).fill('whatever it is 123');
    await main.getByRole('button', { name: arAuth.login.submit, exact: true }).click();
    expect(await main.getByRole('alert').textContent()).toContain(arAuth.errors.invalidCredentials);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('offers to send the confirmation again to an address not yet confirmed', async () => {
    const page = await freshPage();
    const email = uniqueEmail('unconfirmed');
    const password = 'still waiting for my mail';
    const response = await page.request.post(url('/api/auth/sign-up/email'), {
      headers: { origin: baseUrl() },
      data: { name: 'Una Confirmed', email, password, acceptTerms: true, callbackURL: '/' },
    });
    expect(response.ok()).toBe(true);
    await waitForMail(email, /Confirm your e-mail/);

    await page.goto(url('/login'));
    await signInWithPassword(page, email, password);
    const main = page.locator('main');
    expect(await main.getByRole('alert').textContent()).toContain(enAuth.errors.emailNotVerified);
    await main.getByRole('button', { name: enAuth.login.resendVerification }).click();
    await main
      .getByRole('status')
      .getByText(/new confirmation link/)
      .waitFor();
    // The new mail's link leads, signed in, to on-boarding (the first one led home).
    await expect
      .poll(async () => linkIn(await waitForMail(email, /Confirm your e-mail/), '/verify-email'), {
        timeout: 15_000,
      })
      .toContain('callbackURL=%2Fon-boarding');
  });

  it('explains a rate limit with when to try again, and a lost connection', async () => {
    const page = await freshPage();
    await page.goto(url('/login'));
    await page.route('**/api/auth/sign-in/email', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '120' },
        body: JSON.stringify({ message: 'Too many requests. Please try again later.' }),
      }),
    );
    await signInWithPassword(page, uniqueEmail(), 'some password here');
    const alert = page.locator('main').getByRole('alert');
    expect(await alert.textContent()).toContain(
      'Too many attempts. Please try again in 2 minutes.',
    );

    await page.unroute('**/api/auth/sign-in/email');
    await page.route('**/api/auth/sign-in/email', (route) => route.abort('internetdisconnected'));
    await page
      .locator('main')
      .getByRole('button', { name: enAuth.login.submit, exact: true })
      .click();
    await expect.poll(() => alert.textContent()).toContain(enAuth.errors.network);
  });
});

describe('a forgotten password', () => {
  it('is reset from the mailed link: the old password fails, the new one works', async () => {
    const account = await existingAccount(browser);
    const page = await freshPage();
    const main = page.locator('main');

    await page.goto(url('/login'));
    await main.getByRole('link', { name: enAuth.login.forgot }).click();
    await page.waitForURL(url('/forgot-password'));
    await expectHeading(page, en.routes['forgot-password'].title);
    await main.getByLabel(enAuth.fields.email).fill(account.email);
    await main.getByRole('button', { name: enAuth.forgot.submit }).click();
    await main.getByText('If an account exists for').waitFor();

    const mail = await waitForMail(account.email, /Set a new Jammy password/);
    await page.goto(linkIn(mail, '/reset-password/'));
    await page.waitForURL(/\/forgot-password\?token=/);
    const newPassword = 'brand new and even longer';
    await main.getByLabel(enAuth.fields.newPassword, { exact: true }).fill(newPassword);
    await main.getByLabel(enAuth.fields.confirmPassword).fill('does not match at all');
    await main.getByRole('button', { name: enAuth.forgot.save }).click();
    expect(await main.getByText(enAuth.validation.passwordsDiffer).isVisible()).toBe(true);
    await main.getByLabel(enAuth.fields.confirmPassword).fill(newPassword);
    await main.getByRole('button', { name: enAuth.forgot.save }).click();
    await main.getByText(enAuth.forgot.done).waitFor();

    await main.getByRole('link', { name: enAuth.forgot.signIn }).click();
    await page.waitForURL(url('/login'));
    await signInWithPassword(page, account.email, account.password);
    expect(await main.getByRole('alert').textContent()).toContain(enAuth.errors.invalidCredentials);
    await main.getByLabel(enAuth.fields.password, { exact: true }).fill(newPassword);
    await main.getByRole('button', { name: enAuth.login.submit, exact: true }).click();
    await page.waitForURL(url('/itineraries'));
  });

  it('explains an expired link and offers to ask again', async () => {
    const page = await freshPage();
    await page.goto(url('/forgot-password?error=INVALID_TOKEN'));
    const main = page.locator('main');
    expect(await main.getByRole('alert').textContent()).toContain(enAuth.forgot.linkInvalid);
    expect(await main.getByRole('button', { name: enAuth.forgot.askAgain }).isVisible()).toBe(true);
  });
});

describe('first sign-in without a password', () => {
  async function completeProfile(page: Page, name: string, language: 'en' | 'it' = 'en') {
    await page.waitForURL(url('/finish-register'));
    await expectHeading(page, en.routes['finish-register'].title);
    const main = page.locator('main');
    await main.getByLabel(enAuth.fields.name).fill(name);
    const languageSelect = main.getByLabel(enAuth.fields.language);
    expect(await languageSelect.inputValue()).toBe('en');
    await languageSelect.selectOption(language);
    await main.getByRole('button', { name: enAuth.finishRegister.submit }).click();
    // The terms are not accepted yet: the checkbox is flagged and focused.
    const terms = main.getByRole('checkbox');
    expect(await main.getByText(enAuth.validation.termsRequired).isVisible()).toBe(true);
    expect(await terms.evaluate((element) => element === document.activeElement)).toBe(true);
    await terms.check();
    await main.getByRole('button', { name: enAuth.finishRegister.submit }).click();
    // On to on-boarding, in the language chosen.
    await page.waitForURL(url(language === 'en' ? '/on-boarding' : `/${language}/on-boarding`));
    const me = await page.evaluate(() => fetch('/api/me').then((response) => response.json()));
    expect(me).toMatchObject({ name, profileComplete: true, language });
  }

  it('signs a new address in by e-mail link, then completes the profile', async () => {
    const page = await freshPage();
    const email = uniqueEmail('link');
    const main = page.locator('main');

    await page.goto(url('/login/start'));
    await main.getByRole('link', { name: enAuth.loginStart.emailLink }).click();
    await page.waitForURL(url('/send-email'));
    await main.getByLabel(enAuth.fields.email).fill(email);
    await main.getByRole('button', { name: enAuth.sendEmail.submit }).click();
    await main.getByText('a sign-in link is on its way').waitFor();

    const mail = await waitForMail(email, /sign-in link/);
    await page.goto(linkIn(mail, '/magic-link/verify'));
    await completeProfile(page, 'Linus Link', 'it');
  });

  it('signs in by phone with a texted code, then completes the profile', async () => {
    const page = await freshPage(PHONE);
    const phone = `+4477${Date.now().toString().slice(-8)}`;
    const main = page.locator('main');

    await page.goto(url('/login/start'));
    await main.getByRole('button', { name: enAuth.loginStart.phone }).click();
    await main.getByLabel(enAuth.fields.phone).fill(phone.replace(/^(\+44)(\d{4})/, '$1 $2 '));
    await main.getByRole('button', { name: enAuth.phone.sendCode }).click();
    await main.getByText(/We've texted a code/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const sms = await waitForSms(phone);
    const code = /\d{6}/.exec(sms)?.[0];
    if (!code) throw new Error(`No code in "${sms}"`);
    await main.getByLabel('Digit 1 of 6').focus();
    await page.keyboard.type(code);
    await completeProfile(page, 'Pia Phone');
  });
});

describe('the sign-in pages', () => {
  it('show the Arabic register page right to left, translated, with translated errors', async () => {
    const page = await freshPage(PHONE);
    await page.goto(url('/ar/register'));
    await expectHeading(page, ar.routes.register.title);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
    const main = page.locator('main');
    for (const label of [arAuth.fields.name, arAuth.fields.email]) {
      expect(await main.getByLabel(label).isVisible()).toBe(true);
    }
    expect(await main.getByText(arAuth.register.intro).isVisible()).toBe(true);

    await main.getByRole('button', { name: arAuth.register.submit }).click();
    // The form's checks run with the shared schemas, loaded with the form: on a busy machine
    // the messages may come a moment after the click.
    await main.getByText(arAuth.validation.nameRequired).waitFor();
    await main.getByText(arAuth.validation.termsRequired).waitFor();
    const name = main.getByLabel(arAuth.fields.name);
    expect(await name.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await name.getAttribute('aria-invalid')).toBe('true');

    await main.getByLabel(arAuth.fields.password, { exact: true }).fill('short');
    await main.getByRole('button', { name: arAuth.register.submit }).click();
    expect(
      await main.getByText(arAuth.validation.passwordTooShort.replace('{min}', '10')).isVisible(),
    ).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });

  it('sign out a signed-out visitor with a message and a way home', async () => {
    const page = await freshPage();
    await page.goto(url('/logout'));
    const main = page.locator('main');
    await main.getByText(enAuth.logout.done).waitFor();
    expect(await main.getByRole('link', { name: enAuth.logout.home }).getAttribute('href')).toBe(
      '/',
    );
  });

  const PAGES = [
    '/login/start',
    '/login',
    '/register',
    '/register/finish?email=someone%40jammy.test',
    '/send-email',
    '/send-email?mode=verify&email=someone%40jammy.test&error=INVALID_TOKEN',
    '/forgot-password',
    '/forgot-password?token=abc',
    '/logout',
  ];
  // Both sizes and both directions, in two passes: every page of the route table also
  // passes axe in Arabic on a desktop in the route suite.
  describe.each([
    ['desktop', 'en', DESKTOP],
    ['phone', 'ar', PHONE],
  ] as const)('on a %s in %s', (_, language, size) => {
    let page: Page;
    beforeAll(async () => {
      page = await freshPage(size);
    });
    const width = size.viewport?.width ?? 1280;

    it.each(PAGES)('%s passes axe and fits the screen', async (path) => {
      await page.goto(url(language === 'en' ? path : `/${language}${path}`));
      await page.locator('main h1').waitFor();
      await page.locator('main form, main a, main button').first().waitFor();
      expect(page.url()).toContain(path.split('?')[0]);
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
    });

    it('shows errors that pass axe too', async () => {
      await page.goto(url(language === 'en' ? '/register' : `/${language}/register`));
      await page.locator('main button[type=submit]').click();
      await page.locator('main [aria-invalid=true]').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });

  it('complete a profile page that passes axe on a phone, in Arabic', async () => {
    const context = await newContext(browser, PHONE);
    await signUpVerified(context);
    const page = await context.newPage();
    await page.goto(url('/ar/finish-register'));
    await expectHeading(page, ar.routes['finish-register'].title);
    await page.locator('main form').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
