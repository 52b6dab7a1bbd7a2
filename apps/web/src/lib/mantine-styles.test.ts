import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './source-files.test-helpers';

const here = path.dirname(fileURLToPath(import.meta.url));
const src = path.join(here, '..');
// @mantine/core/styles.css is the package's own file (its exports name it).
const mantine = path.dirname(fileURLToPath(import.meta.resolve('@mantine/core/styles.css')));

/** The Mantine components the app imports by name. */
function usedComponents(): string[] {
  const names = new Set<string>();
  for (const file of sourceFiles(src, { tests: false })) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(
      /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@mantine\/core'/g,
    )) {
      for (const part of (match[1] ?? '').split(',')) {
        const name = part
          .replace(/^\s*type\s+/, '')
          .split(' as ')[0]
          ?.trim();
        if (name && /^[A-Z]/.test(name)) names.add(name);
      }
    }
  }
  return [...names];
}

/** Every component module a component's code reaches, by the CSS module each one loads. */
function stylesReached(components: string[]): Set<string> {
  const esm = path.join(mantine, 'esm');
  const all = readdirSync(path.join(esm, 'components'), { recursive: true }).map(String);
  const seen = new Set<string>();
  const styles = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !existsSync(file)) return;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(/from "(\.[^"]+)"/g)) {
      const target = path.join(path.dirname(file), match[1] ?? '');
      if (target.endsWith('.module.mjs')) styles.add(path.basename(target, '.module.mjs'));
      visit(target);
    }
  };
  for (const name of components) {
    const file = all.find((entry) => entry.endsWith(`${path.sep}${name}.mjs`));
    if (file) visit(path.join(esm, 'components', file));
  }
  return styles;
}

describe("Mantine's styles per component", () => {
  const imports = [
    ...readFileSync(path.join(here, 'mantine-styles.ts'), 'utf8').matchAll(
      /import '@mantine\/core\/styles\/([\w-]+)\.css';/g,
    ),
  ].map((match) => match[1] ?? '');

  it('imports the styles of every component the app renders, and of those they render', () => {
    const missing = [...stylesReached(usedComponents())].filter((name) => !imports.includes(name));
    expect(missing).toEqual([]);
  });

  it('imports the global styles first and the rest in the order of the full stylesheet', () => {
    expect(imports.slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global']);
    const full = readFileSync(path.join(mantine, 'styles.css'), 'utf8');
    const offsets = imports.map((name) =>
      full.indexOf(
        readFileSync(path.join(mantine, 'styles', `${name}.css`), 'utf8')
          .trim()
          .slice(0, 200),
      ),
    );
    expect(offsets.every((offset) => offset >= 0)).toBe(true);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
  });
});
