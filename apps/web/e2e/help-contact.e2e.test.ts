import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import arLocale from '@jammy/shared/locales/ar.json';
import { formatMessage } from '@jammy/shared/icu';
import enLocale from '@jammy/shared/locales/en.json';
import { signUpVerified, uniqueEmail, waitForMail } from './accounts';
import {
  DESKTOP,
  PHONE,
  newContext,
  seriousViolations,
  browserForThisFile,
  url,
  heading,
} from './browser';

const arContact = arLocale.contact;
const enContact = enLocale.contact;
const arHelp = arLocale.help;
const enHelp = enLocale.help;
const ar = arLocale.translation;
const en = enLocale.translation;

// The FAQ, the privacy policy, the terms and the contact form, as a visitor and an admin
// meet them: searching, deep links, a message that arrives by SMTP and its answer.

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
/** The narrowest phone we design for. */
const SMALL_PHONE: BrowserContextOptions = { ...PHONE, viewport: { width: 360, height: 760 } };

const browser = await browserForThisFile();

async function shoot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Whether the element's top is inside the window. */
function inView(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.top < window.innerHeight;
  });
}

describe('the FAQ', () => {
  it('finds an answer as the visitor types, by keyboard, and says when nothing matches', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await page.goto(url('/faq'));
    expect(await heading(page)).toBe(en.routes.faq.title);
    const questions = page.locator('main [data-accordion-control]');
    expect(await questions.count()).toBeGreaterThanOrEqual(15);

    // Accents and case do not matter: "REVOKÉ" finds the read-only links.
    const search = page.getByLabel(enHelp.faq.searchLabel);
    await search.focus();
    await page.keyboard.type('REVOKÉ');
    const answer = page.getByText(enHelp.faq.items['read-only-links'].a);
    await answer.waitFor();
    expect(await questions.count()).toBe(1);
    expect(await page.locator('#faq-count').textContent()).toBe(
      formatMessage(enHelp.faq.count, { count: 1 }, 'en'),
    );

    // The answer closes and opens again from the keyboard.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      enHelp.faq.items['read-only-links'].q,
    );
    await page.keyboard.press('Enter');
    await answer.waitFor({ state: 'hidden' });
    await page.keyboard.press('Enter');
    await answer.waitFor();

    await search.fill('volcano picnic');
    await page
      .getByRole('heading', {
        name: enHelp.faq.noResultsTitle.replace('{query}', 'volcano picnic'),
      })
      .waitFor();
    await page.getByRole('main').getByRole('link', { name: enHelp.faq.contactCta }).first().click();
    await expect.poll(() => heading(page)).toBe(en.routes.contact.title);
    await context.close();
  });

  it('opens and scrolls to what a deep link names', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await page.goto(url('/faq#sharing'));
    const group = page.locator('#sharing');
    await group.waitFor();
    await page.getByText(enHelp.faq.items['share-itinerary'].a).waitFor();
    await expect.poll(() => inView(page, '#sharing')).toBe(true);

    await page.goto(url('/faq#delete-account'));
    await page.getByText(enHelp.faq.items['delete-account'].a).waitFor();
    await expect.poll(() => inView(page, '#delete-account')).toBe(true);
    // Only what was named is open.
    expect(await page.getByText(enHelp.faq.items.offline.a).isVisible()).toBe(false);
    await context.close();
  });
});

describe('the privacy policy and the terms', () => {
  it('name the operator and only the services this installation uses', async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await page.goto(url('/privacy'));
    expect(await heading(page)).toBe(en.routes.privacy.title);
    await page.getByText('Jammy Test Travel Ltd').waitFor();
    await page.getByText('1 Harbour Street, 00100 Testville').waitFor();
    const processors = page.getByTestId('processors');
    await processors.waitFor();
    const listed = await processors.textContent();
    expect(listed).toContain(enHelp.privacy.processors.smtp);
    expect(listed).toContain('127.0.0.1');
    expect(listed).not.toContain('Stripe');
    expect(listed).not.toContain('Twilio');
    expect(await page.getByText(/Last changed: \w+ \d+, 2026/).count()).toBe(1);

    await page.goto(url('/terms'));
    expect(await heading(page)).toBe(en.routes.terms.title);
    await page.getByText('Jammy Test Travel Ltd').waitFor();
    await page.getByRole('heading', { name: enHelp.terms.sections.shop.title }).waitFor();
    await context.close();
  });
});

describe('the contact form', () => {
  it('names what is missing, sends a message by SMTP, and an admin answers and closes it', async () => {
    const visitor = await newContext(browser, DESKTOP);
    const page = await visitor.newPage();
    await page.goto(url('/contact'));
    expect(await heading(page)).toBe(en.routes.contact.title);

    // Sent empty: every field at fault says what it needs, and the first one gets the focus.
    await page.getByRole('button', { name: enContact.form.send }).click();
    await page.getByText(enContact.errors.topic).waitFor();
    expect(await page.getByText(enContact.errors.email).isVisible()).toBe(true);
    expect(await page.getByText(enContact.errors.consent).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');

    const email = uniqueEmail('visitor');
    const token = `ticket-${Date.now().toString(36)}`;
    await page.getByLabel(enContact.form.name).fill('Vera Visitor');
    await page.getByLabel(enContact.form.email).fill(email);
    await page.getByLabel(enContact.form.topic).selectOption('sharing');
    await page
      .getByLabel(enContact.form.message)
      .fill(`Can a viewer add photos to my trip? (${token})`);
    await page.getByLabel(enContact.form.consent).check();
    // A person takes a few seconds; a robot does not.
    await page.waitForTimeout(3200);
    await page.getByRole('button', { name: enContact.form.send }).click();
    await page.getByRole('heading', { name: enContact.sent.title }).waitFor();
    expect(await page.getByText(email).isVisible()).toBe(true);

    const arrived = await waitForMail('desk@jammy.test', /\[Jammy contact\] sharing: Vera Visitor/);
    expect(arrived.text).toContain(token);

    // The admin reads it on the account page, answers it by mail and marks it handled.
    const admin = await newContext(browser, DESKTOP);
    await signUpVerified(admin, { email: 'contact-admin@jammy.test', name: 'Carla Admin' });
    const desk = await admin.newPage();
    await desk.goto(url('/contact'));
    // Signed in, the form knows who is writing.
    expect(await desk.getByLabel(enContact.form.email).inputValue()).toBe(
      'contact-admin@jammy.test',
    );
    await desk.goto(url('/account#contact'));
    const card = desk.getByTestId('contact-message').filter({ hasText: token });
    await card.waitFor();
    await card
      .getByLabel(enContact.admin.answerLabel.replace('{email}', email))
      .fill('Viewers can only look; make them editors to let them add photos.');
    await card.getByRole('button', { name: enContact.admin.send }).click();
    await card.getByText(enContact.admin.sentNotice.replace('{email}', email)).waitFor();
    const answer = await waitForMail(email, /Re: your message to Jammy/);
    expect(answer.text).toContain('make them editors');
    expect(answer.text).toContain(token);

    await card.getByRole('button', { name: enContact.admin.markHandled }).click();
    await card.waitFor({ state: 'detached' });
    await desk.getByText(enContact.admin.statuses.handled, { exact: true }).click();
    const handled = desk.getByTestId('contact-message').filter({ hasText: token });
    await handled.waitFor();
    expect(await handled.getByText('make them editors').isVisible()).toBe(true);
    await visitor.close();
    await admin.close();
  });
});

const screens: [string, BrowserContextOptions][] = [
  ['desktop', DESKTOP],
  ['phone', SMALL_PHONE],
];
const languages = [
  ['en', '', en, enHelp, enContact],
  ['ar', '/ar', ar, arHelp, arContact],
] as const;

describe.each(screens)('on a %s', (screen, options) => {
  it.each(languages)(
    'reads well and passes axe in %s',
    async (language, prefix, core, help, contact) => {
      const context = await newContext(browser, options);
      const page = await context.newPage();
      for (const [path, title] of [
        ['/faq', core.routes.faq.title],
        ['/privacy', core.routes.privacy.title],
        ['/terms', core.routes.terms.title],
        ['/contact', core.routes.contact.title],
      ] as const) {
        await page.goto(url(`${prefix}${path}`));
        expect(await heading(page)).toBe(title);
        expect(await page.locator('html').getAttribute('dir')).toBe(
          language === 'ar' ? 'rtl' : 'ltr',
        );
        if (path === '/privacy') await page.getByTestId('processors').waitFor();
        if (path === '/faq') await page.getByLabel(help.faq.searchLabel).waitFor();
        if (path === '/contact') await page.getByLabel(contact.form.message).waitFor();
        expect(await seriousViolations(page), `${prefix}${path}`).toEqual([]);
        // Nothing wider than the screen.
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1),
          `${prefix}${path} scrolls sideways`,
        ).toBe(true);
        if (path === '/faq' || path === '/contact') {
          await shoot(page, `${path.slice(1)}-${screen}-${language}`);
        }
      }
      if (screen === 'phone') {
        // An answer open, as a reader sees it.
        await page.goto(url(`${prefix}/faq#read-only-links`));
        await page.getByText(help.faq.items['read-only-links'].a).waitFor();
        await shoot(page, `faq-answer-${screen}-${language}`);
      }
      await context.close();
    },
  );
});
