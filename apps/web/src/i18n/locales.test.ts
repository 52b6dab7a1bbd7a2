import { LANGUAGES } from '@jammy/shared/languages';
import { describe, expect, it } from 'vitest';

type Language = (typeof LANGUAGES)[number];

// Every locale folder of the app: the core one and one per feature.
const files = import.meta.glob<unknown>('../**/locales/*.json', { eager: true, import: 'default' });
const folders = [...new Set(Object.keys(files).map((file) => file.replace(/[a-z]{2}\.json$/, '')))];

function locale(folder: string, language: Language): unknown {
  return files[`${folder}${language}.json`];
}

/** Every leaf of a messages object as `path → text`. */
function flatten(value: unknown, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  if (typeof value === 'string') {
    entries.set(prefix, value);
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, text] of flatten(child, prefix ? `${prefix}.${key}` : key)) {
        entries.set(path, text);
      }
    }
  }
  return entries;
}

/** `days_one`, `days_few`… are one key: each language has its own plural forms. */
const withoutPlural = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
// Values that are the same in every language (the brand), and loanwords native sites use.
// Messages of placeholders and signs alone (a day plan's leg, a visit's times) read the same in
// most languages.
const SAME_EVERYWHERE = new Set([
  'app.name',
  'expenses.converted',
  'rates.line',
  'dayPlan.leg',
  'dayPlan.end',
  'dayPlan.visit',
  // The booking inbox's "time (zone)" and "where (which part)": placeholders and brackets only.
  'proposal.inZone',
  'source.at',
  // The security activity's ways in that are brands.
  'methods.google',
  'methods.github',
]);
const LOANWORDS: Partial<Record<(typeof LANGUAGES)[number], string[]>> = {
  it: [
    'methods.password',
    'methods.passkey',
    // "Password" is Italian too (the step-up dialog's field).
    'stepUp.password',
    'nav.faq',
    'nav.privacy',
    'nav.account',
    'regions.asia',
    'regions.africa',
    'regions.oceania',
    'card.premium',
    'pwa.about.build',
    'pwa.about.online',
    'pwa.about.offline',
    'header.tabs.budget',
    'routes.itinerary-budget.title',
    'file.label',
    'placeholders.accommodation',
    'fields.checkIn',
    'fields.checkOut',
    'fields.url',
    'admin.no',
  ],
  fr: [
    'date',
    'nav.faq',
    'interests.architecture',
    'interests.nature',
    'regions.europe',
    'card.premium',
    'photos.title',
    'photos.untitled',
    'pwa.about.version',
    'pwa.about.build',
    'pwa.outbox.kind.note',
    'header.tabs.budget',
    'routes.itinerary-budget.title',
    'categories.transport',
    'form.date',
    'print.notes',
    'print.confirmation',
    'kinds.train',
    'kinds.bus',
    'kinds.ferry',
    'kinds.restaurant',
    'legs.train',
    'legs.bus',
    'legs.ferry',
    'line.code',
    'fields.notes',
    'clues.code',
    'clues.date',
  ],
  es: ['regions.asia', 'placeholders.accommodation', 'admin.no', 'dayPlan.startMark'],
  de: [
    'dayPlan.startMark',
    // „Passkeys“ is the word German systems and browsers use.
    'passkeys.title',
    'nav.faq',
    'nav.shop',
    'routes.shop.title',
    'header.tabs.budget',
    'routes.itinerary-budget.title',
    'categories.transport',
    'settle.person',
    'kinds.bus',
    'kinds.restaurant',
    'legs.bus',
    'pwa.about.version',
    'pwa.about.build',
    'pwa.about.online',
    'pwa.about.offline',
    'placeholders.accommodation',
    'line.code',
    'clues.code',
    'fields.title',
    'fields.checkIn',
    'fields.checkOut',
    'fields.url',
  ],
};

describe.each(
  folders.flatMap((folder) =>
    LANGUAGES.filter((language) => language !== 'en').map(
      (language) => [folder, language] as const,
    ),
  ),
)('%s%s.json', (folder, language) => {
  const english = flatten(locale(folder, 'en'));
  const messages = flatten(locale(folder, language));

  it('exists', () => {
    expect(locale(folder, language)).toBeDefined();
  });

  it('has every key of English and no other (plural forms vary by language)', () => {
    const keys = (map: Map<string, string>) =>
      [...new Set([...map.keys()].map(withoutPlural))].sort();
    expect(keys(messages)).toEqual(keys(english));
  });

  it('keeps every placeholder and tag', () => {
    for (const [path, text] of english) {
      if (!messages.has(path)) continue;
      const translated = messages.get(path) ?? '';
      expect(placeholders(translated), path).toEqual(placeholders(text));
      expect(translated.includes('<em>'), path).toBe(text.includes('<em>'));
    }
  });

  it('is really translated, not an English copy', () => {
    const copies = [...english].filter(
      ([path, text]) =>
        !SAME_EVERYWHERE.has(path) &&
        !LOANWORDS[language]?.includes(path) &&
        messages.get(path) === text,
    );
    expect(copies.map(([path]) => path)).toEqual([]);
  });

  it('has no empty message', () => {
    for (const [path, text] of messages) expect(text.trim(), path).not.toBe('');
  });
});
