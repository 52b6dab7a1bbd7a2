import { AppError } from '../../lib/errors';

/**
 * Text read from a file is cleaned, not refused (nobody typed it here): NFC, no control
 * characters or broken surrogates, trimmed, cut to `max` characters.
 */
export function cleanText(value: unknown, max: number, multiline = false): string {
  if (typeof value !== 'string') return '';
  const controls = multiline
    ? // eslint-disable-next-line no-control-regex
      /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g
    : // eslint-disable-next-line no-control-regex
      /[\u0000-\u001F\u007F-\u009F]+/g;
  const cleaned = value
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(controls, multiline ? '' : ' ')
    .replace(/[ \t]+/g, ' ')
    .trim();
  const characters = Array.from(cleaned);
  return characters.length <= max ? cleaned : `${characters.slice(0, max - 1).join('')}…`;
}

/** The 1-based line of the character at `index` in `text`. */
export function lineAt(text: string, index: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < index; at = text.indexOf('\n', at + 1)) {
    line += 1;
  }
  return line;
}

/** A 400 for a file that cannot be read, naming where (a line, an element) and why. */
export function unreadable(where: string, message: string): AppError {
  return new AppError('request/invalid', `${where}: ${message}`, {
    issues: [{ field: where, message }],
  });
}

/** A file that holds more than an import may create. */
export function tooMany(what: string, limit: number): AppError {
  return unreadable('file', `holds more than ${limit} ${what}; split it into smaller files`);
}
