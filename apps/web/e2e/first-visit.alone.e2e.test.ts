import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { signUpVerified } from './accounts';
import { PHONE, baseUrl, create, launchBrowser, newContext, screenshot, url } from './browser';

// Timed against the page's own clock, so it runs alone (the e2e-alone project, after the rest
// of the suite): with two other browsers drawing on two cores, a second measures the machine.

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the first visit', () => {
  it('is ready to work offline a second after the first trip has shown', async () => {
    const context = await newContext(browser, { ...PHONE, serviceWorkers: 'allow' });
    await signUpVerified(context);
    const post = (target: string, data: object) => create(context, target, data);
    const trip = await post('/api/itineraries', { title: 'Faroe Islands' });
    await post(`/api/itineraries/${trip.id}/stages`, { title: 'Tórshavn' });
    // When the worker became active (it then answers a reload), on the page's clock.
    await context.addInitScript(() => {
      void navigator.serviceWorker?.ready.then(() => {
        (window as Window & { activeAt?: number }).activeAt = performance.now();
      });
    });

    const page = await context.newPage();
    // What failed without a connection is named if the reload breaks.
    const failed: string[] = [];
    page.on('requestfailed', (request) => failed.push(request.url().replace(baseUrl(), '')));
    page.on('pageerror', (error) => failed.push(`page error: ${error.message}`));
    onTestFailed(async () => {
      console.info(`failed offline: ${failed.join(', ') || 'nothing'}`);
      console.info(
        `the page at ${page.url()}: ${(await page.locator('body').innerText()).slice(0, 600)}`,
      );
    });
    // The first visit of this browser: nothing of Jammy is installed or saved yet.
    await page.goto(url(`/itinerary/${trip.id}`));
    // The trip is on the screen (an app's load event comes before its page has drawn), on the
    // page's clock, to the frame.
    const shownAt = await page
      .waitForFunction(
        () =>
          document.querySelector('main h1')?.textContent === 'Faroe Islands' && performance.now(),
      )
      .then((handle) => handle.jsonValue() as Promise<number>);
    const loadedAt = await page.evaluate(
      () => performance.getEntriesByType('navigation')[0]?.toJSON().loadEventEnd as number,
    );
    // A second after the trip has shown, the connection goes.
    await page.waitForFunction((at) => performance.now() >= at + 1000, shownAt);
    const active = await page.evaluate(() => (window as Window & { activeAt?: number }).activeAt);
    await context.setOffline(true);
    console.info(
      `first visit: load event ${Math.round(loadedAt)} ms, trip shown ${Math.round(shownAt)} ms, ` +
        `worker active ${active === undefined ? 'not yet' : `${Math.round(active)} ms`}`,
    );
    expect(active, 'a worker is active a second after the trip has shown').toBeDefined();

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Faroe Islands' }).waitFor();
    await page.getByText('Tórshavn').first().waitFor();
    await page.getByTestId('offline-banner').waitFor();
    await screenshot(page, 'offline-first-visit-phone');
    await context.close();
  });
});
