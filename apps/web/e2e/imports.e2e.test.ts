import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import arLocale from '@jammy/shared/locales/ar.json';
import deLocale from '@jammy/shared/locales/de.json';
import { formatMessage } from '@jammy/shared/icu';
import enLocale from '@jammy/shared/locales/en.json';
import { signUpVerified } from './accounts';
import {
  PHONE,
  baseUrl,
  newContext,
  pixelsOfColour,
  seriousViolations,
  browserForThisFile,
} from './browser';

const importsAr = arLocale.imports;
const importsDe = deLocale.imports;
const importsEn = enLocale.imports;

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
const GPX = fileURLToPath(
  new URL('../../server/test/fixtures/imports/garmin-hike.gpx', import.meta.url),
);
const KML = fileURLToPath(
  new URL('../../server/test/fixtures/imports/google-my-maps.kml', import.meta.url),
);
const SMALL_PHONE = { ...PHONE, viewport: { width: 360, height: 780 } };

/** A calendar with a class every Monday and Thursday, and a hotel stay given as days. */
const CALENDAR = {
  name: 'lisbon.ics',
  mimeType: 'text/calendar',
  buffer: Buffer.from(
    [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      'UID:fado@example.com',
      'DTSTART;TZID=Europe/Lisbon:20270401T200000',
      'DTEND;TZID=Europe/Lisbon:20270401T213000',
      'RRULE:FREQ=WEEKLY;BYDAY=MO,TH',
      'SUMMARY:Fado class',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:hotel@example.com',
      'DTSTART;VALUE=DATE:20270410',
      'DTEND;VALUE=DATE:20270415',
      'SUMMARY:Stay at Casa do Fado',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n'),
  ),
};

const browser = await browserForThisFile();

async function shoot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

async function post<T>(context: BrowserContext, url: string, data: unknown): Promise<T> {
  const response = await context.request.post(`${baseUrl()}${url}`, {
    headers: { origin: baseUrl() },
    data,
  });
  if (!response.ok()) throw new Error(`${url}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

async function placeNames(context: BrowserContext, id: string): Promise<string[]> {
  const response = await context.request.get(`${baseUrl()}/api/itineraries/${id}`);
  const tree = (await response.json()) as { places: { name: string }[] };
  return tree.places.map((place) => place.name);
}

async function firstStageId(context: BrowserContext, id: string): Promise<string> {
  const response = await context.request.get(`${baseUrl()}/api/itineraries/${id}`);
  const tree = (await response.json()) as { stages: { id: string }[] };
  return tree.stages[0]?.id ?? '';
}

/** The stages' tracks drawn on the page's map (solid lines under the markers). */
const tracks = (page: Page) => page.locator('path.trip-map-track');

/** Pixels of the picture in the track's colour (#a61e4d): the track is drawn in it. */
function trackPixels(page: Page): Promise<number> {
  return pixelsOfColour(page.getByTestId('print-map').locator('img'), [166, 30, 77]);
}

async function reviewFile(page: Page, review: string) {
  await page.locator('input[type=file]').setInputFiles(GPX);
  await page.getByRole('button', { name: review }).click();
  await page.getByTestId('import-review').waitFor();
}

/** A watch's GPX track of about `bytes` bytes (one point a second): seconds of reading. */
function longHike(bytes: number): string {
  const points: string[] = [];
  let size = 0;
  for (let index = 0; size < bytes; index += 1) {
    const point =
      `<trkpt lat="${(45 + index / 1e5).toFixed(6)}" lon="${(7 + index / 1e5).toFixed(6)}">` +
      `<ele>${index % 900}</ele><time>2027-05-01T10:00:00Z</time></trkpt>\n`;
    points.push(point);
    size += point.length;
  }
  return (
    '<?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">' +
    `<trk><name>Long walk</name><trkseg>${points.join('')}</trkseg></trk></gpx>`
  );
}

describe('imports', () => {
  it('says how much of a repeating event it imports and what My Maps folders become, in English, German and Arabic', async () => {
    const context = await newContext(browser, SMALL_PHONE);
    const page = await context.newPage();
    await signUpVerified(context);
    const trip = await post<{ id: string }>(context, '/api/itineraries', {
      title: 'Lisbon',
      startDate: '2027-04-10',
      endDate: '2027-04-20',
      timezone: 'Europe/Lisbon',
    });
    await post(context, `/api/itineraries/${trip.id}/stages`, { title: 'Alfama' });
    const review = page.getByTestId('import-review');
    const choose = async (file: string | typeof CALENDAR, label: string) => {
      await page.locator('input[type=file]').setInputFiles(file);
      await page.getByRole('button', { name: label }).click();
      await review.waitFor();
    };
    const checks = [
      { lang: 'en', prefix: '', messages: importsEn },
      { lang: 'de', prefix: '/de', messages: importsDe },
      { lang: 'ar', prefix: '/ar', messages: importsAr },
    ] as const;
    for (const { lang, prefix, messages } of checks) {
      await page.goto(`${baseUrl()}${prefix}/itinerary/${trip.id}/import`);

      // The class repeats: Mondays and Thursdays from 10 to 20 April (12, 15, 19 April).
      await choose(CALENDAR, messages.file.review);
      const series = page.getByTestId('import-series');
      await series.getByText(messages.series.title).waitFor();
      const imported = formatMessage(
        messages.series.imported,
        { title: '\u2068Fado class\u2069', count: 3 },
        lang,
      );
      await series.getByText(`${imported} ${messages.series['outside-trip']}`).waitFor();
      await review.getByTestId('import-all-day').getByText(messages.review.allDay).waitFor();
      expect(await seriousViolations(page), `series ${lang}`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        360,
      );
      await shoot(page, `import-series-${lang}-360`);
      await page.getByRole('button', { name: messages.review.back }).click();

      // My Maps layers: a stage each in a new stage…
      await choose(KML, messages.file.review);
      const folders = page.getByTestId('import-folders');
      await folders.getByText(messages.folders.asStages).waitFor();
      for (const title of ['Sights', 'Food', 'Walks']) await folders.getByText(title).waitFor();
      expect(await seriousViolations(page), `folders ${lang}`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        360,
      );
      await shoot(page, `import-folders-${lang}-360`);
      await page.getByRole('button', { name: messages.review.back }).click();

      // …and not kept when everything goes into an existing stage.
      await page.getByLabel(messages.form.stage).selectOption({ label: 'Alfama' });
      await choose(KML, messages.file.review);
      await page
        .getByTestId('import-folders')
        .getByText(messages.folders.notKept.replace('{title}', 'Alfama'))
        .waitFor();
      await shoot(page, `import-folders-kept-not-${lang}-360`);
    }

    // Imported into a new stage, the layers are the trip's stages.
    await page.goto(`${baseUrl()}/itinerary/${trip.id}/import`);
    await choose(KML, importsEn.file.review);
    await page.getByRole('button', { name: importsEn.review.confirm, exact: true }).click();
    await page
      .getByRole('status')
      .getByText(/Places: 3 ·/)
      .waitFor();
    const tree = (await (
      await context.request.get(`${baseUrl()}/api/itineraries/${trip.id}`)
    ).json()) as { stages: { title: string }[] };
    expect(tree.stages.map((stage) => stage.title)).toEqual(['Alfama', 'Sights', 'Food', 'Walks']);
    await context.close();
  }, 180_000);

  it('imports a GPX into a new stage on a phone, shows the places, undoes it; adds a pasted list; in English and Arabic', async () => {
    const context = await newContext(browser, SMALL_PHONE);
    const page = await context.newPage();
    await signUpVerified(context);
    const trip = await post<{ id: string }>(context, '/api/itineraries', {
      title: 'Cinque Terre',
    });

    // From the trip to its import page.
    await page.goto(`${baseUrl()}/itinerary/${trip.id}`);
    await page.getByRole('link', { name: 'Import' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Import');

    await reviewFile(page, 'Review');
    const review = page.getByTestId('import-review');
    await review.getByText('3 places').waitFor();
    await review.getByText('Into a new stage, “Monterosso to Vernazza”.').waitFor();
    await review.getByText('Trattoria Gianni Franzi').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await shoot(page, 'import-review-en-360');
    expect(await placeNames(context, trip.id)).toEqual([]);

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page
      .getByRole('status')
      .getByText('Imported. Places: 3 · Routes: 1 · Bookings: 0')
      .waitFor();
    await shoot(page, 'import-done-en-360');
    await page.getByRole('link', { name: 'Open the trip' }).click();
    for (const name of ['Monterosso al Mare', 'Belvedere sul mare', 'Trattoria Gianni Franzi']) {
      await page.getByText(name).first().waitFor();
    }
    // The trip's map draws the imported track, and so does the stage's own map. On a phone
    // the trip's map is below the first screen, made as it comes near (its frame gives way to
    // the map as it is made: scrolled to again until the track is there).
    const tracksNearMap = async () => {
      await page
        .getByRole('region', { name: /^Map of/ })
        .first()
        .scrollIntoViewIfNeeded()
        .catch(() => undefined);
      return tracks(page).count();
    };
    await expect.poll(tracksNearMap).toBe(1);
    const stageId = await firstStageId(context, trip.id);
    await page.goto(`${baseUrl()}/itinerary/${trip.id}/stage/${stageId}`);
    await expect.poll(() => tracks(page).count()).toBe(1);
    await expect.poll(() => page.locator('.leaflet-marker-icon').count()).toBe(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await shoot(page, 'stage-map-track-en-360');
    await page.goto(`${baseUrl()}/itinerary/${trip.id}`);
    await expect.poll(tracksNearMap).toBe(1);

    // Undo from the trip's activity.
    await page.getByRole('button', { name: /Undo import/ }).click();
    await page.getByText(/undid the import of garmin-hike.gpx/).waitFor();
    await expect.poll(() => placeNames(context, trip.id)).toEqual([]);
    await expect.poll(() => tracks(page).count()).toBe(0);

    // A pasted list: two names, looked up, reviewed, added.
    await page.goto(`${baseUrl()}/itinerary/${trip.id}/import`);
    await page.getByText('A pasted list').click();
    await page.getByLabel('Places, one a line').fill('Florence\nSiena');
    await page.getByRole('button', { name: 'Look them up' }).click();
    const pasted = page.getByTestId('paste-review');
    await pasted.getByRole('radiogroup', { name: 'Florence' }).waitFor();
    await pasted.getByRole('radiogroup', { name: 'Siena' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'paste-review-en-360');
    await page.getByRole('button', { name: 'Add 2 places' }).click();
    await page
      .getByRole('status')
      .getByText(/Places: 2 ·/)
      .waitFor();
    await expect.poll(() => placeNames(context, trip.id)).toEqual(['Florence', 'Siena']);

    // Arabic, right to left.
    await page.goto(`${baseUrl()}/ar/itinerary/${trip.id}/import`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('استيراد');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await reviewFile(page, 'مراجعة');
    await page.getByTestId('import-review').getByText('Trattoria Gianni Franzi').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await shoot(page, 'import-review-ar-360');

    // "Import a trip" from the list: the file becomes a new itinerary.
    await page.goto(`${baseUrl()}/itineraries`);
    await page.getByRole('button', { name: 'Import a trip' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import a trip from a file' });
    await dialog.locator('input[type=file]').setInputFiles(GPX);
    await dialog.getByRole('button', { name: 'Review' }).click();
    await dialog
      .getByTestId('import-review')
      .getByText('Into a new stage, “Monterosso to Vernazza”.')
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.getByRole('link', { name: 'Open the trip' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Monterosso to Vernazza');
    await page.getByText('Trattoria Gianni Franzi').first().waitFor();
    const imported = /\/itinerary\/([^/?]+)/.exec(page.url())?.[1] ?? '';

    // Its stage's map in Arabic, and the print view's map picture with the track in it.
    const importedStage = await firstStageId(context, imported);
    await page.goto(`${baseUrl()}/ar/itinerary/${imported}/stage/${importedStage}`);
    await expect.poll(() => tracks(page).count()).toBe(1);
    await shoot(page, 'stage-map-track-ar-360');
    await page.goto(`${baseUrl()}/ar/itinerary/${imported}/print`);
    await page.locator('[data-testid="print-map"][data-state="ready"]').waitFor();
    // (axe on the print view with its map runs in the exports test, in English and Arabic.)
    expect(await trackPixels(page)).toBeGreaterThan(500);
    await shoot(page, 'print-map-ar-360');
    await context.close();
    // One long journey (three trips, two languages, the maps and the print view) on two busy
    // cores: more time than the default for a single test.
  }, 180_000);

  it('says when the traveller’s other files are still being read, and when to try again; in English and German', async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await signUpVerified(context);
    const trip = await post<{ id: string }>(context, '/api/itineraries', { title: 'Alps' });
    await page.goto(`${baseUrl()}/itinerary/${trip.id}/import`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Import');

    // Three long hikes of the same traveller (from another tab, say) are being read: the
    // server reads at most three files of one person at a time.
    const hike = longHike(4_900_000);
    const reading = [1, 2, 3].map((index) =>
      context.request.post(
        `${baseUrl()}/api/itineraries/${trip.id}/imports?dryRun=true&fileName=hike-${index}.gpx`,
        {
          headers: { origin: baseUrl(), 'content-type': 'application/gpx+xml' },
          data: hike,
          timeout: 90_000,
        },
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    await page.locator('input[type=file]').setInputFiles(GPX);
    await page.getByRole('button', { name: 'Review' }).click();
    await page
      .getByRole('alert')
      .getByText(
        'You are already importing several files. Try again in 10 seconds, once one of them is done.',
      )
      .waitFor();
    await shoot(page, 'import-too-many-en-390');

    await page.goto(`${baseUrl()}/de/itinerary/${trip.id}/import`);
    await page.locator('input[type=file]').setInputFiles(GPX);
    await page.getByRole('button', { name: 'Prüfen' }).click();
    await page
      .getByRole('alert')
      .getByText(
        'Du importierst gerade schon mehrere Dateien. Versuche es in 10 Sekunden erneut, sobald eine davon fertig ist.',
      )
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await shoot(page, 'import-too-many-de-390');
    for (const answer of await Promise.all(reading)) expect(answer.status()).toBe(200);
    await context.close();
  }, 120_000);
});
