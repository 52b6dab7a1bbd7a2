import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGE_BUNDLES,
  bundleCode,
  bundleModule,
  messageFiles,
  messagesModule,
  type MessageFile,
} from './message-bundles';

const bundles = { trip: ['stages', 'places'] };

describe('the bundles of messages', () => {
  let app: string;
  beforeAll(() => {
    app = mkdtempSync(path.join(os.tmpdir(), 'message-bundles-'));
    for (const dir of [
      'src/i18n/locales',
      'src/features/stages/locales',
      'src/features/help/locales',
    ]) {
      mkdirSync(path.join(app, dir), { recursive: true });
      for (const language of ['en', 'fr']) {
        writeFileSync(path.join(app, dir, `${language}.json`), '{}');
      }
    }
    // A feature without messages, and a file that is no language's.
    mkdirSync(path.join(app, 'src/features/maps'), { recursive: true });
    mkdirSync(path.join(app, 'src/components/form/locales'), { recursive: true });
    writeFileSync(path.join(app, 'src/components/form/locales/en.json'), '{}');
    writeFileSync(path.join(app, 'src/components/form/locales/README.md'), '');
  });
  afterAll(() => rmSync(app, { recursive: true, force: true }));

  it("finds the core messages, each feature's and the form kit's, in every language", () => {
    const found = messageFiles(app).map((file) => `${file.language}/${file.namespace}`);
    expect(found.sort()).toEqual([
      'en/form',
      'en/help',
      'en/stages',
      'en/translation',
      'fr/help',
      'fr/stages',
      'fr/translation',
    ]);
  });

  const files: MessageFile[] = [
    { language: 'en', namespace: 'stages', file: '/app/stages/en.json' },
    { language: 'en', namespace: 'places', file: '/app/places/en.json' },
    { language: 'fr', namespace: 'stages', file: '/app/stages/fr.json' },
    { language: 'en', namespace: 'help', file: '/app/help/en.json' },
  ];

  it('loads a bundled namespace from its bundle in the language, any other from its file', () => {
    const code = messagesModule(files, bundles);
    expect(code).toContain('export const NAMESPACES = ["help","places","stages"];');
    expect(code).toContain(
      '"en/stages": () => import("virtual:messages/en-trip").then((m) => m.default["stages"]),',
    );
    expect(code).toContain(
      '"fr/stages": () => import("virtual:messages/fr-trip").then((m) => m.default["stages"]),',
    );
    expect(code).toContain('"en/help": () => import("/app/help/en.json").then((m) => m.default),');
  });

  it("holds each of its namespaces' messages in one language", () => {
    expect(bundleCode(files, ['stages', 'places'], 'en')).toBe(
      'import messages0 from "/app/stages/en.json";\n' +
        'import messages1 from "/app/places/en.json";\n' +
        'export default { "stages": messages0, "places": messages1 };',
    );
    // French has no places file here: the bundle holds what there is.
    expect(bundleCode(files, ['stages', 'places'], 'fr')).toBe(
      'import messages0 from "/app/stages/fr.json";\nexport default { "stages": messages0 };',
    );
  });

  it("names a namespace's bundle as the build's manifest does", () => {
    expect(bundleModule('places', 'ar', bundles)).toBe('virtual:messages/ar-trip');
    expect(bundleModule('help', 'ar', bundles)).toBeNull();
  });

  it('bundles only namespaces the app has, each in one bundle', () => {
    const namespaces = new Set(
      messageFiles(path.resolve(import.meta.dirname, '..')).map((file) => file.namespace),
    );
    const bundled = Object.values(MESSAGE_BUNDLES).flat();
    expect(bundled.filter((namespace) => !namespaces.has(namespace))).toEqual([]);
    expect(new Set(bundled).size).toBe(bundled.length);
  });
});
