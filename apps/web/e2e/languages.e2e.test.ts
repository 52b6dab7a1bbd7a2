import { LANGUAGES, localizePath, textDirection, type Language } from '@jammy/shared/languages';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCRIPT_FONT_FAMILIES } from '../src/i18n/script-fonts';
import { signUpVerified } from './accounts';
import {
  PHONE,
  baseUrl,
  browserForThisFile,
  create,
  newContext,
  screenshot,
  seriousViolations,
} from './browser';

// Every language at 390 px on five pages a traveller meets first: the landing page, sign-in,
// the trips list, a trip and the account. Each page says its language and direction, fits the
// screen, draws its script with the font Jammy ships for it (no missing glyphs), and, in the
// right-to-left languages and Japanese, passes axe. E2E_SCREENSHOTS_DIR keeps a picture of each.

const browser = await browserForThisFile();
/**
 * The languages `npm test` checks: one of each kind of script Jammy lays out, Latin (Finnish,
 * the longest words), Arabic (right to left, with its shaping font), CJK (Japanese, broken
 * without spaces) and Devanagari (Hindi, stacked marks), each drawn with the font Jammy ships
 * for it. `E2E_LANGUAGES=all` (`npm run test:languages`) checks all of them, the other
 * right-to-left ones and fonts included; the messages of every language are checked by the unit
 * tests either way (packages/shared/src/locales.test.ts).
 */
const SAMPLE: readonly Language[] = ['fi', 'ar', 'ja', 'hi'];
const CHECKED = process.env.E2E_LANGUAGES === 'all' ? LANGUAGES : SAMPLE;
/** Languages checked with axe too: the right-to-left ones and one of CJK. */
const AXE = new Set<Language>(['ar', 'he', 'fa', 'ja']);

let visitor: BrowserContext;
let traveller: BrowserContext;
let tripId = '';

beforeAll(async () => {
  visitor = await newContext(browser, PHONE);
  traveller = await newContext(browser, PHONE);
  await signUpVerified(traveller, { name: 'Ada Lovelace' });
  const trip = await create(traveller, '/api/itineraries', { title: 'Lisboa · Porto' });
  tripId = trip.id;
  await create(traveller, `/api/itineraries/${trip.id}/stages`, {
    title: 'Lisboa',
    destinationName: 'Lisboa',
    lat: 38.7223,
    lng: -9.1393,
    countryCode: 'PT',
  });
});
afterAll(async () => {
  await visitor.close();
  await traveller.close();
});

/** What a page shows in a language: its `lang`, `dir`, overflow and the font of its text. */
async function pageFacts(page: Page, family: string | undefined) {
  return page.evaluate(async (family) => {
    await document.fonts.ready;
    const title = document.querySelector('h1')?.textContent ?? '';
    // The page's letters beyond Latin (a trip's title may be Latin in any language).
    const sample = (document.body.innerText.match(/[^\s\p{Script=Latin}\p{N}\p{P}\p{S}]/gu) ?? [])
      .slice(0, 24)
      .join('');
    // The faces of the language's font that cover the sample, loaded: none means tofu.
    const faces = family && sample ? await document.fonts.load(`16px "${family}"`, sample) : [];
    // Text wider than its box, or than the box around it, spills over its neighbours (a long
    // word in a tab or a tile). Boxes one pixel wide are headings for screen readers only.
    const spilling = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => {
        const text = [...element.childNodes].some(
          (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
        );
        const parent = element.parentElement;
        if (!text || !parent || element.clientWidth <= 4) return false;
        if (getComputedStyle(element).overflowX !== 'visible') return false;
        const wider = element.scrollWidth > element.clientWidth + 1;
        const beyond =
          getComputedStyle(parent).overflowX === 'visible' &&
          element.getBoundingClientRect().width > parent.clientWidth + 1;
        return wider || beyond;
      })
      .map((element) => element.textContent?.trim() ?? '');
    // A short label (a section's tab, a tile's name) split inside a word ("Επισκόπησ-η"): the
    // words are the language's own (Intl.Segmenter: Thai and Japanese have no spaces).
    const segmenter = new Intl.Segmenter(document.documentElement.lang, { granularity: 'word' });
    const brokenWords = [...document.querySelectorAll('nav a, dt, [role="tab"]')].flatMap(
      (label) => {
        const broken: string[] = [];
        const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const { segment, index, isWordLike } of segmenter.segment(node.textContent ?? '')) {
            if (!isWordLike || segment.length < 2) continue;
            const range = document.createRange();
            range.setStart(node, index);
            range.setEnd(node, index + segment.length);
            const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
            if (lines.size > 1) broken.push(segment);
          }
        }
        return broken;
      },
    );
    return {
      spilling,
      brokenWords,
      lang: document.documentElement.lang,
      dir: document.documentElement.dir,
      overflow: document.documentElement.scrollWidth - window.innerWidth,
      title,
      sample,
      covered: faces.length > 0 && document.fonts.check(`16px "${family}"`, sample),
    };
  }, family);
}

describe.each(CHECKED)('in %s, at 390 px', (language) => {
  const family = SCRIPT_FONT_FAMILIES[language];
  const pages = [
    { name: 'landing', path: '/', signedIn: false },
    { name: 'sign-in', path: '/login', signedIn: false },
    // A signed-in page is ready when the trip (its stage) shows.
    { name: 'trips', path: '/itineraries', signedIn: true, shows: 'Lisboa · Porto' },
    { name: 'trip', path: `/itinerary/{id}`, signedIn: true, shows: 'Lisboa' },
    { name: 'account', path: '/account', signedIn: true },
  ] as const;

  it('five pages say their language and direction, fit, and draw their script', async () => {
    for (const { name, path, signedIn, ...rest } of pages) {
      const page = await (signedIn ? traveller : visitor).newPage();
      const target = localizePath(path.replace('{id}', tripId), language);
      await page.goto(`${baseUrl()}${target}`);
      await page.locator('h1').first().waitFor();
      if ('shows' in rest) await page.getByText(rest.shows, { exact: true }).last().waitFor();
      // The script's font comes with the language, after the page's first paint.
      if (family) {
        await expect
          .poll(async () => (await pageFacts(page, family)).covered, { timeout: 10_000 })
          .toBe(true);
      }
      const facts = await pageFacts(page, family);
      expect({ page: name, lang: facts.lang, dir: facts.dir }).toEqual({
        page: name,
        lang: language,
        dir: textDirection(language),
      });
      expect(facts.overflow, `${name} is wider than the screen`).toBeLessThanOrEqual(0);
      expect(facts.spilling, `${name}: text wider than its box`).toEqual([]);
      expect(facts.brokenWords, `${name}: labels broken inside a word`).toEqual([]);
      expect(facts.title.trim(), `${name} has a title`).not.toBe('');
      if (family) {
        expect(facts.covered, `${name}: ${family} covers "${facts.sample}"`).toBe(true);
      }
      if (AXE.has(language)) expect(await seriousViolations(page), name).toEqual([]);
      await screenshot(page, `languages-${language}-${name}`);
      await page.close();
    }
  });
});
