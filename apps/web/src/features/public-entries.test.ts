import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../lib/source-files.test-helpers';

// A feature reaches another only through its public entry, `features/<name>/public.ts`
// (decision 037; `npm run deps` checks the imports). The build takes the entry for a list of
// names without side effects (vite.config.ts) and sees through it when it splits the pages'
// code (scripts/page-chunks.ts): it must hold named re-exports and nothing else, and no more
// names than other features use, or it would pull code where it is not needed.

const FEATURES = path.dirname(fileURLToPath(import.meta.url));
const features = readdirSync(FEATURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const entryOf = (feature: string) => path.join(FEATURES, feature, 'public.ts');
const withEntry = features.filter((feature) => existsSync(entryOf(feature)));

/** The names in `{ a, type b, c as d }`: a, b and c. */
const namesIn = (list: string) =>
  list
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, ''))
    .filter((part) => part !== '')
    .map((part) => part.split(/\s+as\s+/)[0] ?? part);

/** What the other features import from each feature's entry, by feature. */
function usedByOthers(): Map<string, Set<string>> {
  const used = new Map<string, Set<string>>();
  for (const feature of features) {
    for (const file of sourceFiles(path.join(FEATURES, feature))) {
      const code = readFileSync(file, 'utf8');
      for (const match of code.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
        const target = path.relative(FEATURES, path.resolve(path.dirname(file), match[2] ?? ''));
        const [other, rest] = target.split(path.sep);
        if (rest !== 'public' || other === feature || other === undefined) continue;
        const names = used.get(other) ?? new Set<string>();
        for (const name of namesIn(match[1] ?? '')) names.add(name);
        used.set(other, names);
      }
    }
  }
  return used;
}

describe("the features' public entries", () => {
  it('hold named re-exports of their own modules and nothing else', () => {
    for (const feature of withEntry) {
      const statements = readFileSync(entryOf(feature), 'utf8')
        .replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, '')
        .split(';')
        .map((statement) => statement.trim())
        .filter((statement) => statement !== '');
      for (const statement of statements) {
        expect(statement, `${feature}/public.ts`).toMatch(
          /^export (type )?\{[^}*]+\} from '\.\/[^']+'$/,
        );
      }
    }
  });

  it('name exactly what the other features import from them', () => {
    const used = usedByOthers();
    expect([...used.keys()].filter((feature) => !withEntry.includes(feature))).toEqual([]);
    for (const feature of withEntry) {
      const exported = [
        ...readFileSync(entryOf(feature), 'utf8').matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g),
      ].flatMap((match) =>
        (match[1] ?? '')
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part !== '')
          .map((part) => part.split(/\s+as\s+/).pop() ?? part),
      );
      expect(exported.sort(), `${feature}/public.ts`).toEqual(
        [...(used.get(feature) ?? [])].sort(),
      );
    }
  });
});
