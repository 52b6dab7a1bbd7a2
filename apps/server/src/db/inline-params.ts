import { escapeLiteral } from 'pg';
import { prepareValue } from 'pg/lib/utils';

/**
 * `text` with its parameters (`$1`, `$2`…) written in as SQL literals, each value turned into
 * text by node-postgres's own conversion and quoted by its own `escapeLiteral` (which is right
 * whatever `standard_conforming_strings` says), so that PostgreSQL reads what it would have
 * been sent as parameters: a quoted literal takes its type from where it stands, as a
 * parameter does. What for: a query with parameters is one statement per round trip, a text
 * of several statements shares one (see transaction-trips.ts).
 *
 * Undefined, for the caller to send the query as it was, when the text is not plainly one a
 * query builder makes (a `$` that is no parameter, a backslash, an unterminated quote) or a
 * value cannot be written so: bytes, or a NUL character, which would end the text early.
 */
export function inlineParams(text: string, values: readonly unknown[]): string | undefined {
  if (text.includes('\\')) return undefined;
  let out = '';
  let quote: "'" | '"' | undefined;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index] ?? '';
    if (quote) {
      if (char === quote) quote = undefined;
      out += char;
      continue;
    }
    if (char === "'" || char === '"') {
      quote = char;
      out += char;
      continue;
    }
    if (char !== '$') {
      out += char;
      continue;
    }
    const digits = /^\d+/.exec(text.slice(index + 1))?.[0];
    if (!digits) return undefined;
    const position = Number(digits);
    if (position < 1 || position > values.length) return undefined;
    const literal = literalOf(values[position - 1]);
    if (literal === undefined) return undefined;
    out += literal;
    index += digits.length;
  }
  return quote ? undefined : out;
}

/** One value as a SQL literal, or undefined when it cannot be one here. */
function literalOf(value: unknown): string | undefined {
  const prepared = prepareValue(value);
  if (prepared === null) return 'null';
  if (typeof prepared !== 'string' || prepared.includes('\0')) return undefined;
  return escapeLiteral(prepared);
}
