import { localizePath, type Language } from '@jammy/shared/languages';
import { describe, expect, it } from 'vitest';
import arLocale from '@jammy/shared/locales/ar.json';
import enLocale from '@jammy/shared/locales/en.json';
import { signUpVerified } from './accounts';
import {
  PHONE,
  browserForThisFile,
  create,
  newContext,
  screenshot,
  seriousViolations,
  url,
} from './browser';

const ar = arLocale.account;
const en = enLocale.account;
const sharingEn = enLocale.sharing;

const browser = await browserForThisFile();

const WORDS: Record<'en' | 'ar', typeof en> = { en, ar };

describe('personal API tokens on the account page', () => {
  it.each(['en', 'ar'] as const)(
    'are created on a phone, copied, used by a program and revoked (%s)',
    async (language: Language & keyof typeof WORDS) => {
      const t = WORDS[language].tokens;
      const context = await newContext(browser, PHONE);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url('') });
      await signUpVerified(context);
      const trip = await create(context, '/api/itineraries', { title: 'Lisbon weekend' });
      await create(context, '/api/itineraries', { title: 'Not for robots' });
      const page = await context.newPage();
      await page.goto(url(`${localizePath('/account', language)}#tokens`));
      await page
        .getByRole('tabpanel')
        .getByRole('heading', { level: 2, name: WORDS[language].tabs.tokens })
        .waitFor();
      await page.getByText(t.none).waitFor();
      // The installation lets assistants in (MCP_ENABLED): the tab says where.
      const address = page.getByTestId('mcp-address');
      await address.getByText(t.mcp).waitFor();
      expect(await address.locator('code').textContent()).toBe(url('/mcp'));
      expect(await seriousViolations(page)).toEqual([]);

      // A name left empty is refused on its field, which takes the focus.
      await page.getByRole('button', { name: t.create }).click();
      await page.getByText(t.nameRequired).waitFor();
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-field'))).toBe(
        'name',
      );

      await page.getByLabel(t.name).fill('Trip robot');
      await page.getByRole('radio', { name: t.readWrite }).check();
      await page.getByRole('radio', { name: t.chosenTrips }).check();
      await page.getByRole('combobox', { name: t.trips }).click();
      await page.getByRole('option', { name: 'Lisbon weekend' }).click();
      await page.keyboard.press('Escape');
      await screenshot(page, `api-tokens-form-phone-${language}`, { fullPage: true });
      await page.getByRole('button', { name: t.create }).click();

      const shown = page.getByTestId('api-token-secret');
      await shown.waitFor();
      const secret = (await shown.textContent()) ?? '';
      expect(secret).toMatch(/^jmy_/);
      await page.getByRole('button', { name: t.copy }).click();
      await page.getByRole('button', { name: t.copied }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      await page.getByRole('listitem').filter({ hasText: 'Trip robot' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
      await screenshot(page, `api-tokens-created-phone-${language}`, { fullPage: true });

      // A program holding only the token (no cookie): it reads and writes its trip, nothing else.
      const program = (method: string, path: string, body?: object) =>
        page.evaluate(
          async ({ method, path, body, secret }) => {
            const response = await fetch(path, {
              method,
              credentials: 'omit',
              headers: {
                authorization: `Bearer ${secret}`,
                ...(body ? { 'content-type': 'application/json' } : {}),
              },
              ...(body ? { body: JSON.stringify(body) } : {}),
            });
            return response.status;
          },
          { method, path, body, secret },
        );
      expect(await program('GET', `/api/itineraries/${trip.id}`)).toBe(200);
      expect(await program('POST', `/api/itineraries/${trip.id}/notes`, { title: 'Pastéis' })).toBe(
        201,
      );
      expect(await program('GET', '/api/me')).toBe(403);

      // The trip's activity says the note came through the token.
      if (language === 'en') {
        await page.goto(url(`/itinerary/${trip.id}`));
        await page
          .getByText(sharingEn.activity.via.replace('{name}', 'Trip robot'))
          .first()
          .waitFor();
        await page.goto(url(`${localizePath('/account', language)}#tokens`));
      }

      // The list shows its last use, and revoking it stops it at once.
      await page.reload();
      const row = page.getByRole('listitem').filter({ hasText: 'Trip robot' });
      await row.getByText(t.neverUsed).waitFor({ state: 'detached' });
      await row
        .getByRole('button', { name: t.revokeLabel.replace('{name}', 'Trip robot') })
        .click();
      await page.getByText(t.revokedNotice.replace('{name}', 'Trip robot')).waitFor();
      await row.getByText(t.revoked, { exact: true }).waitFor();
      expect(await program('GET', `/api/itineraries/${trip.id}`)).toBe(401);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `api-tokens-revoked-phone-${language}`, { fullPage: true });
      await context.close();
    },
  );
});
