/**
 * A small ICU MessageFormat formatter: what Jammy's messages use (arguments, `plural` with `#`
 * and `=N` branches, `select`, `selectordinal`, apostrophe quoting; no `offset`, no `number` or
 * `date` arguments: the app formats those with `Intl` before), on `Intl.PluralRules` and
 * `Intl.NumberFormat`. Tags (`<strong>…</strong>`, `<1>…</1>`) are kept as text, for the web
 * app's `Trans` (apps/web/src/i18n/react.tsx) to turn into elements. Chosen over
 * intl-messageformat for its size (docs/decisions/051-icu-messages.md); a test formats every
 * message of every language with both and expects the same text.
 */

export type MessageValues = Readonly<Record<string, unknown>>;

type Node =
  | string
  | { kind: 'argument'; name: string }
  | { kind: 'pound' }
  | {
      kind: 'plural' | 'selectordinal' | 'select';
      name: string;
      branches: ReadonlyMap<string, Node[]>;
    };

const QUOTABLE = new Set(['{', '}', '<', '>']);

class Parser {
  private position = 0;

  constructor(private readonly text: string) {}

  parse(): Node[] {
    // Outside any argument a "}" is text, as in ICU.
    return this.message(0, null);
  }

  private fail(message: string): never {
    throw new SyntaxError(`${message} at ${this.position} in "${this.text}"`);
  }

  /** Text and arguments up to the `}` that closes a branch (depth > 0) or the end. */
  private message(depth: number, parent: 'plural' | 'selectordinal' | 'select' | null): Node[] {
    const nodes: Node[] = [];
    let literal = '';
    const inPlural = parent === 'plural' || parent === 'selectordinal';
    while (this.position < this.text.length) {
      const char = this.text[this.position] ?? '';
      if (char === "'") {
        literal += this.quoted(inPlural);
      } else if (char === '{') {
        if (literal) nodes.push(literal);
        literal = '';
        nodes.push(this.argument(depth));
      } else if (char === '}' && depth > 0) {
        break;
      } else if (char === '#' && inPlural) {
        if (literal) nodes.push(literal);
        literal = '';
        nodes.push({ kind: 'pound' });
        this.position += 1;
      } else {
        literal += char;
        this.position += 1;
      }
    }
    if (literal) nodes.push(literal);
    return nodes;
  }

  /** An apostrophe: `''` is one, `'{…'` quotes syntax characters, any other stays as it is. */
  private quoted(inPlural: boolean): string {
    const next = this.text[this.position + 1] ?? '';
    if (next === "'") {
      this.position += 2;
      return "'";
    }
    if (!QUOTABLE.has(next) && !(next === '#' && inPlural)) {
      this.position += 1;
      return "'";
    }
    this.position += 1;
    let quoted = '';
    while (this.position < this.text.length) {
      const char = this.text[this.position] ?? '';
      if (char === "'") {
        if (this.text[this.position + 1] === "'") {
          quoted += "'";
          this.position += 2;
          continue;
        }
        this.position += 1;
        return quoted;
      }
      quoted += char;
      this.position += 1;
    }
    return quoted;
  }

  private skipSpace(): void {
    while (/\s/.test(this.text[this.position] ?? '')) this.position += 1;
  }

  private word(): string {
    this.skipSpace();
    const match = /^[^\s{},#<>'=]+|^=-?\d+(\.\d+)?/.exec(this.text.slice(this.position));
    if (!match) this.fail('Expected a name');
    this.position += match[0].length;
    this.skipSpace();
    return match[0];
  }

  private expect(char: string): void {
    if (this.text[this.position] !== char) this.fail(`Expected "${char}"`);
    this.position += 1;
  }

  private argument(depth: number): Node {
    this.expect('{');
    const name = this.word();
    if (this.text[this.position] === '}') {
      this.position += 1;
      return { kind: 'argument', name };
    }
    this.expect(',');
    const kind = this.word();
    if (kind !== 'plural' && kind !== 'selectordinal' && kind !== 'select') {
      this.fail(`Unsupported argument type "${kind}"`);
    }
    this.expect(',');
    const branches = new Map<string, Node[]>();
    for (;;) {
      this.skipSpace();
      if (this.text[this.position] === '}') break;
      const selector = this.word();
      if (branches.has(selector)) this.fail(`Duplicate branch "${selector}"`);
      this.expect('{');
      branches.set(selector, this.message(depth + 1, kind));
      this.expect('}');
    }
    if (!branches.has('other')) this.fail('Missing branch "other"');
    this.expect('}');
    return { kind, name, branches };
  }
}

const parsed = new Map<string, Node[]>();

/** The message's syntax tree, parsed once. Throws a `SyntaxError` if it is not ICU. */
function parseMessage(text: string): Node[] {
  let nodes = parsed.get(text);
  if (!nodes) {
    nodes = new Parser(text).parse();
    parsed.set(text, nodes);
  }
  return nodes;
}

const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function rules(locale: string, type: Intl.PluralRuleType): Intl.PluralRules {
  const key = `${locale}/${type}`;
  let rule = pluralRules.get(key);
  if (!rule) {
    rule = new Intl.PluralRules(locale, { type });
    pluralRules.set(key, rule);
  }
  return rule;
}

function formatNumber(locale: string, value: number): string {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    numberFormats.set(locale, format);
  }
  return format.format(value);
}

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') {
    return String(value);
  }
  return '';
}

function render(
  nodes: readonly Node[],
  values: MessageValues,
  locale: string,
  pound: number | null,
): string {
  let out = '';
  for (const node of nodes) {
    if (typeof node === 'string') {
      out += node;
    } else if (node.kind === 'argument') {
      out += text(values[node.name]);
    } else if (node.kind === 'pound') {
      out += pound === null ? '#' : formatNumber(locale, pound);
    } else if (node.kind === 'select') {
      const branch = node.branches.get(text(values[node.name])) ?? node.branches.get('other');
      out += render(branch ?? [], values, locale, pound);
    } else {
      const count = Number(values[node.name]);
      const number = Number.isFinite(count) ? count : 0;
      const exact = node.branches.get(`=${number}`);
      const type = node.kind === 'plural' ? 'cardinal' : 'ordinal';
      const branch =
        exact ??
        node.branches.get(rules(locale, type).select(number)) ??
        node.branches.get('other');
      out += render(branch ?? [], values, locale, number);
    }
  }
  return out;
}

/**
 * `message` with its arguments filled in from `values`, plurals chosen by `locale`'s rules.
 * A missing value reads as nothing.
 */
export function formatMessage(message: string, values: MessageValues, locale: string): string {
  return render(parseMessage(message), values, locale, null);
}

/** Whether `message` is ICU MessageFormat this formatter reads (a `SyntaxError` says why not). */
export function checkMessage(message: string): true {
  parseMessage(message);
  return true;
}
