/// <reference types="vite/client" />
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { checkMessage } from './icu';
import { LANGUAGES } from './languages';

// The translators' side of the messages (packages/shared/locales): one ICU MessageFormat file
// per language with exactly English's keys, and a glossary of the product's terms per language.
// Adding a language is its messages file, its glossary and its entry in LANGUAGES: these checks
// then cover it.

type Tree = { [key: string]: string | Tree };

/** The files of a folder by name without `.json`. */
function byName(files: Record<string, Tree>): Map<string, Tree> {
  return new Map(
    Object.entries(files).map(([file, tree]) => [file.replace(/^.*\/|\.json$/g, ''), tree]),
  );
}

const MESSAGES = byName(
  import.meta.glob<Tree>('../locales/*.json', { eager: true, import: 'default' }),
);
const GLOSSARIES = byName(
  import.meta.glob<Tree>('../locales/glossary/*.json', { eager: true, import: 'default' }),
);

/** Every message of a file as `namespace.path.to.key → text`. */
export function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [inner, text] of flatten(value, path)) entries.set(inner, text);
  }
  return entries;
}

interface Facts {
  arguments: Set<string>;
  tags: Set<string>;
  /** The branches of each plural (not `selectordinal`), by its argument. */
  plurals: string[][];
}

function factsOf(elements: MessageFormatElement[], facts: Facts): Facts {
  for (const element of elements) {
    if (element.type === TYPE.argument || element.type === TYPE.number) {
      facts.arguments.add(element.value);
    } else if (element.type === TYPE.tag) {
      facts.tags.add(element.value);
      factsOf(element.children, facts);
    } else if (element.type === TYPE.plural || element.type === TYPE.select) {
      facts.arguments.add(element.value);
      if (element.type === TYPE.plural && element.pluralType === 'cardinal') {
        facts.plurals.push(Object.keys(element.options));
      }
      for (const option of Object.values(element.options)) factsOf(option.value, facts);
    }
  }
  return facts;
}

/** What a message holds besides words, or why it is not ICU MessageFormat. */
function facts(text: string): Facts | string {
  try {
    checkMessage(text);
    return factsOf(parse(text), { arguments: new Set(), tags: new Set(), plurals: [] });
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

const sorted = (values: Set<string>) => [...values].sort().join(', ');

/**
 * Product terms and tokens that read the same in every language: they do not count as the
 * words of a message left in English.
 */
const PRODUCT_TERMS =
  /\b(Jammy|GPX|ICS|PDF|JSON|CSV|SMS|OIDC|TOTP|API|URL|IBAN|MCP|Markdown|OK|Stripe|WebAuthn|OpenStreetMap|single sign-on)\b/gi;

/** The text of a message's words: its literal parts, without placeholders, tags or syntax. */
function literals(elements: MessageFormatElement[]): string {
  return elements
    .map((element) => {
      if (element.type === TYPE.literal) return element.value;
      if (element.type === TYPE.tag) return ` ${literals(element.children)} `;
      if (element.type === TYPE.plural || element.type === TYPE.select) {
        return ` ${literals(element.options.other?.value ?? [])} `;
      }
      return ' ';
    })
    .join('');
}

/** The words of an English message (not its placeholders, tags, numbers or product terms). */
function words(text: string): string[] {
  return literals(parse(text))
    .replace(PRODUCT_TERMS, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .split(/[\s,.;:!?()"“”‘’«»/—–-]+/)
    .filter((word) => /\p{L}{2,}/u.test(word));
}

/**
 * Everything wrong with `language`'s messages against English's: a missing or extra key, a
 * message that is not ICU, a placeholder or tag not English's, plural branches other than the
 * language's CLDR categories (`zero` may be left to `other`; `=N` branches are free), a message
 * of three words or more left in English, an empty message.
 */
export function problemsOf(english: Tree, translated: Tree, language: string): string[] {
  const problems: string[] = [];
  const source = flatten(english);
  const target = flatten(translated);
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  for (const key of source.keys()) if (!target.has(key)) problems.push(`${key}: missing`);
  for (const key of target.keys()) if (!source.has(key)) problems.push(`${key}: not in English`);
  for (const [key, text] of target) {
    const original = source.get(key);
    if (original === undefined) continue;
    if (text.trim() === '') problems.push(`${key}: empty`);
    const want = facts(original);
    const have = facts(text);
    if (typeof have === 'string') {
      problems.push(`${key}: not ICU MessageFormat (${have})`);
      continue;
    }
    if (typeof want === 'string') continue;
    if (sorted(have.arguments) !== sorted(want.arguments)) {
      problems.push(
        `${key}: placeholders {${sorted(have.arguments)}} instead of {${sorted(want.arguments)}}`,
      );
    }
    if (sorted(have.tags) !== sorted(want.tags)) {
      problems.push(`${key}: tags <${sorted(have.tags)}> instead of <${sorted(want.tags)}>`);
    }
    for (const branches of have.plurals) {
      const named = branches.filter((branch) => !branch.startsWith('='));
      const expected = categories.filter(
        (category) => category !== 'zero' || named.includes('zero'),
      );
      if ([...named].sort().join(' ') !== [...expected].sort().join(' ')) {
        problems.push(
          `${key}: plural branches ${[...named].sort().join(' ')} instead of ${[...categories].sort().join(' ')}`,
        );
      }
    }
    if (language !== 'en' && text === original && words(original).length >= 3) {
      problems.push(`${key}: left in English`);
    }
  }
  return problems;
}

/** A glossary's problems: a term of English's missing or untranslated, a term English lacks. */
export function glossaryProblems(english: Tree, glossary: Tree): string[] {
  const problems: string[] = [];
  for (const term of Object.keys(english)) {
    const value = glossary[term];
    if (typeof value !== 'string' || value.trim() === '') problems.push(`${term}: missing`);
  }
  for (const term of Object.keys(glossary)) {
    if (!(term in english)) problems.push(`${term}: not in English`);
  }
  return problems;
}

describe('the checks of a messages file', () => {
  const english: Tree = {
    trips: {
      count: '{count, plural, one {# trip} other {# trips}}',
      welcome: 'Welcome back, {name}: your trips are waiting',
      terms: 'I accept the <terms>terms</terms>',
    },
  };
  const good: Tree = {
    trips: {
      count: '{count, plural, one {# viaggio} many {# di viaggi} other {# viaggi}}',
      welcome: 'Bentornato, {name}: i tuoi viaggi ti aspettano',
      terms: 'Accetto le <terms>condizioni</terms>',
    },
  };

  it('finds nothing wrong with a complete translation', () => {
    expect(problemsOf(english, good, 'it')).toEqual([]);
  });

  it('names a missing key and a key English does not have', () => {
    const { welcome: _welcome, ...rest } = good.trips as Record<string, string>;
    expect(problemsOf(english, { trips: { ...rest, welcom: 'Ciao' } }, 'it')).toEqual([
      'trips.welcome: missing',
      'trips.welcom: not in English',
    ]);
  });

  it('names a message that is not ICU, a placeholder or tag not English’s', () => {
    const broken = {
      trips: {
        ...(good.trips as Record<string, string>),
        count: '{count, plural, one {# viaggio} other {# viaggi}',
        welcome: 'Bentornato, {nome}',
        terms: 'Accetto le <termini>condizioni</termini>',
      },
    };
    expect(problemsOf(english, broken, 'it')).toEqual([
      expect.stringMatching(/^trips\.count: not ICU MessageFormat/),
      'trips.welcome: placeholders {nome} instead of {name}',
      'trips.terms: tags <termini> instead of <terms>',
    ]);
  });

  it('asks for exactly the CLDR plural categories of the language', () => {
    const french = { trips: { ...(good.trips as Record<string, string>) } };
    french.trips.count = '{count, plural, one {# voyage} other {# voyages}}';
    expect(problemsOf(english, french, 'fr')).toEqual([
      'trips.count: plural branches one other instead of many one other',
    ]);
    french.trips.count = '{count, plural, =0 {aucun voyage} one {# voyage} few {#} other {#}}';
    expect(problemsOf(english, french, 'ja')).toEqual([
      'trips.count: plural branches few one other instead of other',
    ]);
    // Arabic may leave zero to "other" or to an exact =0.
    const arabic =
      '{count, plural, =0 {لا رحلات} one {رحلة} two {رحلتان} few {# رحلات} many {# رحلة} other {# رحلة}}';
    expect(
      problemsOf(
        english,
        { trips: { ...(good.trips as Record<string, string>), count: arabic } },
        'ar',
      ),
    ).toEqual([]);
  });

  it('names a message of three words or more left in English, not a short one or a product name', () => {
    const copied = {
      trips: {
        ...(good.trips as Record<string, string>),
        welcome: (english.trips as Tree).welcome ?? '',
      },
    };
    expect(problemsOf(english, copied, 'it')).toEqual(['trips.welcome: left in English']);
    expect(problemsOf({ a: { b: 'Export to GPX' } }, { a: { b: 'Export to GPX' } }, 'de')).toEqual(
      [],
    );
  });

  it('names a glossary term missing or unknown', () => {
    expect(
      glossaryProblems({ trip: 'A trip', stage: 'A stage' }, { trip: 'viaggio', tappa: 'x' }),
    ).toEqual(['stage: missing', 'tappa: not in English']);
  });
});

describe('every language’s messages', () => {
  const english = MESSAGES.get('en') ?? {};
  const englishGlossary = GLOSSARIES.get('en') ?? {};

  it('are the files of the listed languages, and no other', () => {
    expect([...MESSAGES.keys()].sort()).toEqual([...LANGUAGES].sort());
    expect([...GLOSSARIES.keys()].sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(LANGUAGES)('%s: every key of English, in ICU, translated', (language) => {
    const messages = MESSAGES.get(language);
    expect(messages, `${language}.json`).toBeDefined();
    expect(problemsOf(english, messages ?? {}, language)).toEqual([]);
  });

  it.each(LANGUAGES)('%s: a glossary of every product term', (language) => {
    const glossary = GLOSSARIES.get(language);
    expect(glossary, `glossary/${language}.json`).toBeDefined();
    expect(glossaryProblems(englishGlossary, glossary ?? {})).toEqual([]);
  });
});
