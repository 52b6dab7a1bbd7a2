import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The place search is part of the form kit the build puts beside the signed-in layout's menus,
// which load while the browser is idle after the first page (LoadOnReach): every module it
// imports runs then, inside the page's busy time. A shared module that imports zod builds its
// schemas as it loads (geo.ts builds the whole itinerary's: about 90 ms of one task on a
// desktop, four times that on a slow phone): the place search takes the plain part of such a
// module (`*-plain.ts`) instead.

const WEB = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const SHARED = path.resolve(WEB, '../../../packages/shared/src');

/** The modules `file` imports for their values (not `import type`), as written. */
function valueImports(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  return [...code.matchAll(/^import\s+(type\s+)?([^;]*?)\s*from\s*'([^']+)'/gms)]
    .filter((match) => {
      if (match[1]) return false;
      const names = /^\{([^}]*)\}$/.exec((match[2] ?? '').trim());
      // `{ type A, type B }` is erased as well.
      return !names || !(names[1] ?? '').split(',').every((name) => /^\s*(type\s|$)/.test(name));
    })
    .map((match) => match[3] ?? '');
}

/** The shared modules `file` runs when it loads, itself included, by path. */
function sharedModulesRun(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const target of valueImports(file)) {
    if (target.startsWith('./'))
      sharedModulesRun(path.join(path.dirname(file), `${target}.ts`), seen);
  }
  return seen;
}

describe('the place search', () => {
  it('loads no shared module that builds zod schemas', () => {
    const shared = valueImports(path.join(WEB, 'lib/place-search.ts'))
      .filter((target) => target.startsWith('@jammy/shared/'))
      .map((target) => path.join(SHARED, `${target.slice('@jammy/shared/'.length)}.ts`));
    expect(shared.length).toBeGreaterThan(0);
    for (const entry of shared) {
      for (const module of sharedModulesRun(entry)) {
        expect(valueImports(module), path.relative(SHARED, module)).not.toContain('zod');
      }
    }
  });
});
