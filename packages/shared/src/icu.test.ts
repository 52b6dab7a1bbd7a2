/// <reference types="vite/client" />
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import fc from 'fast-check';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { checkMessage, formatMessage } from './icu';

describe('formatting an ICU message', () => {
  it('fills in arguments, a missing one with nothing', () => {
    expect(formatMessage('Hello {name}, {missing}!', { name: 'Ada' }, 'en')).toBe('Hello Ada, !');
    expect(formatMessage('{n} nights', { n: 3 }, 'en')).toBe('3 nights');
  });

  it('chooses the plural branch by the language’s rules, exact =N first, # as a number', () => {
    const trips = '{count, plural, =0 {no trips} one {# trip} other {# trips}}';
    expect(formatMessage(trips, { count: 0 }, 'en')).toBe('no trips');
    expect(formatMessage(trips, { count: 1 }, 'en')).toBe('1 trip');
    expect(formatMessage(trips, { count: 1234 }, 'en')).toBe('1,234 trips');
    const polish =
      '{count, plural, one {# podróż} few {# podróże} many {# podróży} other {# podróży}}';
    expect(formatMessage(polish, { count: 3 }, 'pl')).toBe('3 podróże');
    expect(formatMessage(polish, { count: 5 }, 'pl')).toBe('5 podróży');
    const french = '{count, plural, one {# voyage} many {# de voyages} other {# voyages}}';
    expect(formatMessage(french, { count: 1_000_000 }, 'fr')).toBe(
      '1\u202f000\u202f000 de voyages',
    );
  });

  it('selects, ordinals and nested arguments', () => {
    const select = '{role, select, editor {can edit {title}} other {can read {title}}}';
    expect(formatMessage(select, { role: 'editor', title: 'Rome' }, 'en')).toBe('can edit Rome');
    expect(formatMessage(select, { role: 'viewer', title: 'Rome' }, 'en')).toBe('can read Rome');
    const ordinal = '{day, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} day';
    expect([1, 2, 3, 4, 11, 22].map((day) => formatMessage(ordinal, { day }, 'en'))).toEqual([
      '1st day',
      '2nd day',
      '3rd day',
      '4th day',
      '11th day',
      '22nd day',
    ]);
    const nested = '{count, plural, =0 {nobody} one {{name}} other {{name} and # more}}';
    expect(formatMessage(nested, { count: 3, name: 'Ada' }, 'en')).toBe('Ada and 3 more');
  });

  it('keeps tags as text for Trans, and reads apostrophes as ICU does', () => {
    expect(formatMessage('Read the <terms>terms of {site}</terms>', { site: 'Jammy' }, 'en')).toBe(
      'Read the <terms>terms of Jammy</terms>',
    );
    expect(formatMessage("l''<privacy>informativa</privacy>", {}, 'it')).toBe(
      "l'<privacy>informativa</privacy>",
    );
    expect(formatMessage("It's '{literal}' and d'uso", {}, 'en')).toBe("It's {literal} and d'uso");
  });

  it('refuses a message that is not ICU, saying where', () => {
    expect(() => checkMessage('{count, plural, one {# trip}')).toThrow(SyntaxError);
    expect(() => checkMessage('{count, plural, one {# trip}}')).toThrow('Missing branch "other"');
    expect(() => checkMessage('{name')).toThrow('Expected "," at 5');
    expect(() => checkMessage('{when, date, short}')).toThrow('Unsupported argument type "date"');
  });
});

// The reference: intl-messageformat, the formatter of FormatJS, on every message Jammy has.
type Tree = { [key: string]: string | Tree };

const FILES = Object.entries(
  import.meta.glob<Tree>('../locales/*.json', { eager: true, import: 'default' }),
).map(([file, tree]) => [file.replace(/^.*\/|\.json$/g, ''), tree] as const);

function* messages(tree: Tree): Generator<string> {
  for (const value of Object.values(tree)) {
    if (typeof value === 'string') yield value;
    else yield* messages(value);
  }
}

/** The arguments of a message and which of them are counted (plural, selectordinal). */
function argumentsOf(elements: MessageFormatElement[], found = new Map<string, boolean>()) {
  for (const element of elements) {
    if (element.type === TYPE.argument) found.set(element.value, found.get(element.value) ?? false);
    if (element.type === TYPE.tag) argumentsOf(element.children, found);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      if (element.type === TYPE.plural) found.set(element.value, true);
      for (const option of Object.values(element.options)) argumentsOf(option.value, found);
    }
  }
  return found;
}

describe('every message of every language', () => {
  it.each(FILES)('%s reads as intl-messageformat reads it', (language, tree) => {
    const counts = [0, 1, 2, 3, 5, 11, 21, 100, 1_000_000];
    for (const message of messages(tree)) {
      const found = argumentsOf(parse(message, { ignoreTag: true }));
      const reference = new IntlMessageFormat(message, language, undefined, { ignoreTag: true });
      for (const count of counts) {
        const values = Object.fromEntries(
          [...found].map(([name, counted]) => [name, counted ? count : `«${name}»`]),
        );
        expect(formatMessage(message, values, language), message).toBe(reference.format(values));
      }
    }
  });

  it('reads any plain text with placeholders as intl-messageformat does', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string(), fc.constantFrom('{a}', "''", "'{x}'", '<b>', '</b>', "'"))),
        (parts) => {
          const message = parts.join('');
          let reference: string;
          try {
            reference = String(
              new IntlMessageFormat(message, 'en', undefined, { ignoreTag: true }).format({
                a: 'A',
              }),
            );
          } catch {
            return;
          }
          expect(formatMessage(message, { a: 'A' }, 'en')).toBe(reference);
        },
      ),
    );
  });
});
