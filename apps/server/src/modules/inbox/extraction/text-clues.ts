import { Temporal } from 'temporal-polyfill';
import { airportByCode } from './airports';
import type { Found, TextClues } from './found';

/**
 * What plain text says that helps a traveller make a booking by hand when nothing structured
 * was found: dates, times, booking codes near a word for "booking", and airports written as
 * IATA codes in brackets or as a route ("FCO–NRT"). Each clue names its line. Words are
 * those of the app's languages and of Japanese, the language of the corpus's third script.
 */

const MOST_CLUES = 20;
const MOST_SCANNED = 100_000;

const MONTHS: Record<string, number> = {};
const MONTH_NAMES = [
  [
    'january',
    'jan',
    'gennaio',
    'gen',
    'januar',
    'jänner',
    'janvier',
    'janv',
    'enero',
    'ene',
    'يناير',
  ],
  ['february', 'feb', 'febbraio', 'februar', 'février', 'févr', 'febrero', 'فبراير'],
  ['march', 'mar', 'marzo', 'märz', 'mars', 'مارس'],
  ['april', 'apr', 'aprile', 'avril', 'avr', 'abril', 'abr', 'أبريل'],
  ['may', 'maggio', 'mag', 'mai', 'mayo', 'مايو'],
  ['june', 'jun', 'giugno', 'giu', 'juni', 'juin', 'junio', 'يونيو'],
  ['july', 'jul', 'luglio', 'lug', 'juli', 'juillet', 'juil', 'julio', 'يوليو'],
  ['august', 'aug', 'agosto', 'ago', 'août', 'aout', 'أغسطس'],
  ['september', 'sep', 'sept', 'settembre', 'set', 'septembre', 'septiembre', 'سبتمبر'],
  ['october', 'oct', 'ottobre', 'ott', 'oktober', 'okt', 'octobre', 'octubre', 'أكتوبر'],
  ['november', 'nov', 'novembre', 'noviembre', 'نوفمبر'],
  [
    'december',
    'dec',
    'dicembre',
    'dic',
    'dezember',
    'dez',
    'décembre',
    'déc',
    'diciembre',
    'ديسمبر',
  ],
];
MONTH_NAMES.forEach((names, index) => names.forEach((name) => (MONTHS[name] = index + 1)));
const MONTH_PATTERN = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|');

const DATE_PATTERNS: {
  pattern: RegExp;
  read: (match: RegExpExecArray) => [number, number, number];
}[] = [
  {
    pattern: /\b(\d{4})-(\d{2})-(\d{2})\b/g,
    read: (m) => [Number(m[1]), Number(m[2]), Number(m[3])],
  },
  {
    pattern: /(\d{4})年\s*(\d{1,2})月\s*(\d{1,2})日/g,
    read: (m) => [Number(m[1]), Number(m[2]), Number(m[3])],
  },
  {
    pattern: /\b(\d{1,2})[./](\d{1,2})[./](\d{4})\b/g,
    read: (m) => [Number(m[3]), Number(m[2]), Number(m[1])],
  },
  {
    pattern: new RegExp(`\\b(\\d{1,2})\\.?\\s+(${MONTH_PATTERN})\\.?,?\\s+(\\d{4})\\b`, 'giu'),
    read: (m) => [Number(m[3]), MONTHS[(m[2] ?? '').toLowerCase()] ?? 0, Number(m[1])],
  },
  {
    pattern: new RegExp(`\\b(${MONTH_PATTERN})\\.?\\s+(\\d{1,2}),?\\s+(\\d{4})\\b`, 'giu'),
    read: (m) => [Number(m[3]), MONTHS[(m[1] ?? '').toLowerCase()] ?? 0, Number(m[2])],
  },
];

const TIME_PATTERNS: { pattern: RegExp; read: (match: RegExpExecArray) => [number, number] }[] = [
  {
    pattern: /\b(\d{1,2})[:.](\d{2})\s*([ap])\.?m\.?\b/gi,
    read: (m) => [
      (Number(m[1]) % 12) + ((m[3] ?? '').toLowerCase() === 'p' ? 12 : 0),
      Number(m[2]),
    ],
  },
  {
    pattern: /(?<![\d.:])([01]?\d|2[0-3]):([0-5]\d)(?![\d:]|\s*[ap]\.?m)/gi,
    read: (m) => [Number(m[1]), Number(m[2])],
  },
  { pattern: /(\d{1,2})時(\d{1,2})分/g, read: (m) => [Number(m[1]), Number(m[2])] },
];

const CODE_WORDS =
  /(booking|confirmation|reservation|reference|record locator|pnr|prenotazione|codice|conferma|buchung\w*|bestätigung\w*|reservierung\w*|réservation|référence|dossier|reserva|localizador|confirmación|حجز|予約番号|確認番号|予約)/iu;
// Five to twenty capitals, digits and inner hyphens, with a digit (or six capitals: a PNR).
const CODE =
  /(?<![A-Za-z0-9-])(?=[A-Z0-9-]*\d|[A-Z]{6}(?![A-Z]))[A-Z0-9][A-Z0-9-]{3,18}[A-Z0-9](?![A-Za-z0-9-])/g;

const AIRPORT_IN_BRACKETS = /[(（]([A-Z]{3})[)）]/g;
const ROUTE = /(?<![A-Za-z])([A-Z]{3})\s*(?:[-–—>→/]|to)\s*([A-Z]{3})(?![A-Za-z])/g;

function lineSource(text: string, index: number) {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < index; at = text.indexOf('\n', at + 1))
    line += 1;
  return { kind: 'text' as const, at: `line ${line}` };
}

function add<T>(list: Found<T>[], found: Found<T>, same: (a: T, b: T) => boolean) {
  if (list.length < MOST_CLUES && !list.some((known) => same(known.value, found.value)))
    list.push(found);
}

function realDate(year: number, month: number, day: number): string | null {
  try {
    return Temporal.PlainDate.from({ year, month, day }, { overflow: 'reject' }).toString();
  } catch {
    return null;
  }
}

/** The clues in `text` (its first 100,000 characters). */
export async function textClues(fullText: string): Promise<TextClues> {
  const text = fullText.slice(0, MOST_SCANNED);
  const clues: TextClues = { dates: [], times: [], codes: [], airports: [] };
  const sameText = (a: string, b: string) => a === b;
  for (const { pattern, read } of DATE_PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const date = realDate(...read(match as RegExpExecArray));
      if (date) add(clues.dates, { value: date, source: lineSource(text, match.index) }, sameText);
    }
  }
  for (const { pattern, read } of TIME_PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const [hour, minute] = read(match as RegExpExecArray);
      if (hour > 23 || minute > 59) continue;
      const time = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
      add(clues.times, { value: time, source: lineSource(text, match.index) }, sameText);
    }
  }
  let offset = 0;
  for (const line of text.split('\n')) {
    const word = CODE_WORDS.exec(line);
    if (word) {
      for (const match of line.slice(word.index).matchAll(CODE)) {
        add(clues.codes, { value: match[0], source: lineSource(text, offset + 1) }, sameText);
      }
    }
    offset += line.length + 1;
  }
  const codes = [
    ...[...text.matchAll(AIRPORT_IN_BRACKETS)].map((match) => ({
      code: match[1] ?? '',
      index: match.index,
    })),
    ...[...text.matchAll(ROUTE)].flatMap((match) => [
      { code: match[1] ?? '', index: match.index },
      { code: match[2] ?? '', index: match.index },
    ]),
  ].sort((a, b) => a.index - b.index);
  for (const { code, index } of codes) {
    const airport = await airportByCode(code);
    if (!airport) continue;
    const value = {
      code,
      name: airport.name,
      lat: airport.lat,
      lng: airport.lng,
      zone: airport.zone,
    };
    add(clues.airports, { value, source: lineSource(text, index) }, (a, b) => a.code === b.code);
  }
  return clues;
}
