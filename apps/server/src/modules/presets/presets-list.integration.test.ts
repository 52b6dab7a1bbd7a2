import type { Page } from '@jammy/shared/itineraries';
import type { PresetSummary } from '@jammy/shared/presets';
import { describe, expect } from 'vitest';
import type { SignedInUser } from '../../../test/clients';
import { expectFieldError, expectStatus } from '../../../test/expect';
import {
  admin,
  api,
  catalogueTest,
  hidden,
  idOf,
  list,
  noMatch,
  testApp,
  traveller,
  twoMatches,
} from './presets.test-helpers';

const test = catalogueTest();

describe('GET /api/presets', () => {
  test('pages by cursor: every card once, in the order of the whole list', async () => {
    const whole = expectStatus<Page<PresetSummary>>(
      await api(null, 'GET', '/api/presets?limit=100'),
      200,
    );
    expect(whole.nextCursor).toBeNull();
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Page<PresetSummary> = expectStatus<Page<PresetSummary>>(
        await api(null, 'GET', `/api/presets?limit=5${cursor ? `&cursor=${cursor}` : ''}`),
        200,
      );
      expect(page.items.length).toBeLessThanOrEqual(5);
      paged.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(paged).toEqual(whole.items.map((item) => item.id));
  });

  test('400 naming the field for a cursor that is not one, or a limit out of range', async () => {
    for (const [query, field] of [
      ['cursor=bm90LWEtY3Vyc29y', 'cursor'],
      ['cursor=%24%24', 'cursor'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
    ]) {
      expectFieldError(await api(null, 'GET', `/api/presets?${query}`), field ?? '');
    }
  });

  test('is public, cacheable when anonymous, ordered by title, published ones only', async () => {
    const { response, items } = await list(null);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    expect(response.headers.vary).toContain('Accept-Language');
    expect(items.map((item) => item.title)).toEqual([
      'Alpine beaches',
      'Baroque towns',
      'Castles and canvases',
      'Premium lakes',
    ]);
    const [first] = items;
    expect(first).toEqual({
      id: idOf(noMatch),
      title: 'Alpine beaches',
      description: noMatch.text.en?.description,
      region: 'europe',
      days: 3,
      interests: ['beaches'],
      coverUrl: noMatch.cover,
      coverCredit: noMatch.coverCredit,
      premium: false,
      published: true,
      stageCount: 2,
      placeCount: 3,
      matchingInterests: 0,
      copyable: true,
    });
    expect(items.find((item) => item.premium)?.copyable).toBe(false);
  });

  test('recommends first what shares most interests with a signed-in reader', async () => {
    const { response, items } = await list(traveller);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(items.map((item) => [item.title, item.matchingInterests])).toEqual([
      ['Castles and canvases', 2],
      ['Baroque towns', 1],
      ['Alpine beaches', 0],
      ['Premium lakes', 0],
    ]);
  });

  test('speaks the page’s language (lang), else the profile’s, the cookie, Accept-Language, English', async () => {
    const title = async (user: SignedInUser | null, headers: Record<string, string>) =>
      (await list(user, '', headers)).items.find((item) => item.id === idOf(twoMatches))?.title;
    expect(await title(null, { 'accept-language': 'it-IT,it;q=0.9' })).toBe(
      twoMatches.text.it?.title,
    );
    expect(await title(null, { 'accept-language': 'it', cookie: 'i18n_redirected=fr' })).toBe(
      twoMatches.text.fr?.title,
    );
    expect(await title(null, { 'accept-language': 'ja' })).toBe('Castles and canvases');
    const german = await testApp.traveller({ label: 'german' });
    expectStatus(await api(german, 'PATCH', '/api/me', { payload: { language: 'de' } }), 200);
    expect(
      await title(german, {
        'accept-language': 'it',
        cookie: `${german.cookie}; i18n_redirected=fr`,
      }),
    ).toBe(twoMatches.text.de?.title);
    // The page's language (?lang=) wins over everything: /ar/… shows Arabic to a German.
    const titleAsked = async (user: SignedInUser | null, lang: string) =>
      (await list(user, `?lang=${lang}`)).items.find((item) => item.id === idOf(twoMatches))?.title;
    expect(await titleAsked(german, 'ar')).toBe(twoMatches.text.ar?.title);
    expect(await titleAsked(null, 'es')).toBe(twoMatches.text.es?.title);
    expectStatus(await api(null, 'GET', '/api/presets?lang=xx'), 400);
  });

  test('filters by interest, region and trip length', async () => {
    expect((await list(null, '?interest=history')).items.map((item) => item.title)).toEqual([
      'Baroque towns',
      'Castles and canvases',
    ]);
    expect((await list(null, '?region=asia')).items.map((item) => item.title)).toEqual([
      'Baroque towns',
    ]);
    expect((await list(null, '?length=short')).items).toHaveLength(4);
    expect((await list(null, '?length=week')).items).toHaveLength(0);
  });

  test('answers 400 naming a bad filter', async () => {
    expectFieldError(await api(null, 'GET', '/api/presets?interest=karaoke'), 'interest');
    expectFieldError(await api(null, 'GET', '/api/presets?length=forever'), 'length');
    expectFieldError(await api(null, 'GET', '/api/presets?sort=price'), 'sort');
  });

  test('shows unpublished ones to admins asking for all, with what editing needs', async () => {
    expect((await list(traveller, '?all=true')).items.map((item) => item.title)).not.toContain(
      'Hidden lakes',
    );
    expect((await list(admin)).items.map((item) => item.title)).not.toContain('Hidden lakes');
    const all = (await list(admin, '?all=true')).items;
    const hiddenCard = all.find((item) => item.title === 'Hidden lakes');
    expect(hiddenCard).toMatchObject({
      published: false,
      admin: { catalogue: true, slug: hidden.slug, defaultLanguage: 'en' },
    });
    expect(all.find((item) => item.premium)?.copyable).toBe(true);
  });
});
