import { describe, expect, it } from 'vitest';
import { baseUrl, newContext, seriousViolations, browserForThisFile } from './browser';
import { OIDC_ACCOUNT, OIDC_NAME } from './global-setup';

const browser = await browserForThisFile();

describe('federated sign-in with a real OpenID provider', () => {
  it('signs up on first use (profile to finish), then signs the same person in', async () => {
    const first = await newContext(browser);
    const page = await first.newPage();
    await page.goto(`${baseUrl()}/login/start`);
    await page.getByRole('button', { name: new RegExp(OIDC_NAME) }).click();
    // Round trip through the provider (it signs the test account in and consents).
    await page.waitForURL(/\/finish-register/, { timeout: 30_000 });
    expect(await seriousViolations(page)).toEqual([]);
    const name = page.getByLabel(/name/i).first();
    expect(await name.inputValue()).toBe(OIDC_ACCOUNT.name);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: /continue|save|finish/i }).click();
    await page.waitForURL(/\/on-boarding/);
    const me = await first.request.get(`${baseUrl()}/api/me`);
    const profile = (await me.json()) as { email: string; profileComplete: boolean; id: string };
    expect(profile).toMatchObject({ email: OIDC_ACCOUNT.email, profileComplete: true });
    await first.close();

    // A later sign-in from another browser reaches the same account, straight to the trips.
    const second = await newContext(browser);
    const again = await second.newPage();
    await again.goto(`${baseUrl()}/login/start?redirect=${encodeURIComponent('/itineraries')}`);
    await again.getByRole('button', { name: new RegExp(OIDC_NAME) }).click();
    await again.waitForURL(`${baseUrl()}/itineraries`, { timeout: 30_000 });
    const sameMe = (await (await second.request.get(`${baseUrl()}/api/me`)).json()) as {
      id: string;
    };
    expect(sameMe.id).toBe(profile.id);
    await second.close();
  });
});
