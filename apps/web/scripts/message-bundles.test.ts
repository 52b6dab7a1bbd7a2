import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LANGUAGES } from '@jammy/shared/languages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOCALES_DIR,
  MESSAGE_BUNDLES,
  SERVER_NAMESPACES,
  bundleCode,
  bundleModule,
  readLocales,
  messagesModule,
} from './message-bundles';

const bundles = { trip: ['stages', 'places'] };

describe('the bundles of messages', () => {
  let locales: string;
  beforeAll(() => {
    locales = mkdtempSync(path.join(os.tmpdir(), 'message-bundles-'));
    for (const language of ['en', 'pt-BR', 'zh-Hant']) {
      writeFileSync(
        path.join(locales, `${language}.json`),
        JSON.stringify({ translation: { hello: language }, stages: {}, mail: {} }),
      );
    }
    // The glossaries' folder and a file that is no language's.
    mkdirSync(path.join(locales, 'glossary'));
    writeFileSync(path.join(locales, 'README.md'), '');
  });
  afterAll(() => rmSync(locales, { recursive: true, force: true }));

  it('reads one file per language, its namespaces as top-level keys', () => {
    const read = readLocales(locales);
    expect([...read.keys()].sort()).toEqual(['en', 'pt-BR', 'zh-Hant']);
    expect(read.get('pt-BR')?.translation).toEqual({ hello: 'pt-BR' });
  });

  it("names each namespace's bundle (its group's, or its own) and each language's first one", () => {
    const code = messagesModule(['en', 'pt-BR'], ['help', 'places', 'stages'], bundles);
    expect(code).toBe(
      [
        'export const NAMESPACES = ["help","places","stages"];',
        'export const BUNDLES = {"help":"help","places":"trip","stages":"trip"};',
        'export const languages = {',
        '  "en": () => import("virtual:messages/en-core"),',
        '  "pt-BR": () => import("virtual:messages/pt-BR-core"),',
        '};',
      ].join('\n'),
    );
  });

  it("has the first bundle load the language's others", () => {
    expect(
      bundleCode({ translation: { a: 'b' } }, ['translation'], ['help', 'trip'], 'pt-BR'),
    ).toBe(
      [
        'export default {"translation":{"a":"b"}};',
        'export const bundles = {',
        '  "help": () => import("virtual:messages/pt-BR-help"),',
        '  "trip": () => import("virtual:messages/pt-BR-trip"),',
        '};',
      ].join('\n'),
    );
  });

  it("holds only its namespaces' messages, in one language", () => {
    const messages = { stages: { title: 'Stages' }, places: { title: 'Places' }, mail: { x: 'y' } };
    expect(bundleCode(messages, ['stages', 'places'])).toBe(
      'export default {"stages":{"title":"Stages"},"places":{"title":"Places"}};',
    );
    // A namespace the file lacks is left out.
    expect(bundleCode({ stages: {} }, ['stages', 'places'])).toBe('export default {"stages":{}};');
  });

  it("names a namespace's bundle as the build's manifest does", () => {
    expect(bundleModule('places', 'ar', bundles)).toBe('virtual:messages/ar-trip');
    expect(bundleModule('help', 'zh-Hans', bundles)).toBe('virtual:messages/zh-Hans-help');
  });

  it('bundles only web namespaces the messages have, each in one bundle named unlike them', () => {
    const english = readLocales(LOCALES_DIR).get('en') ?? {};
    const web = Object.keys(english).filter((namespace) => !SERVER_NAMESPACES.has(namespace));
    const bundled = Object.values(MESSAGE_BUNDLES).flat();
    expect(bundled.filter((namespace) => !web.includes(namespace))).toEqual([]);
    expect(new Set(bundled).size).toBe(bundled.length);
    expect(Object.keys(MESSAGE_BUNDLES).filter((bundle) => web.includes(bundle))).toEqual([]);
  });

  it('has a messages file for every language Jammy lists', () => {
    expect([...readLocales(LOCALES_DIR).keys()].sort()).toEqual([...LANGUAGES].sort());
  });
});
