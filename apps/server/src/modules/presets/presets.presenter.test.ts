import { LOCALE_MESSAGES } from '@jammy/shared/locale-messages';
import { describe, expect, it } from 'vitest';
import { catalogueDescription, presentSummary } from './presets.presenter';

type Row = Parameters<typeof presentSummary>[0];

const row = (
  slug: string | null,
  text: Record<string, { title: string; description: string }>,
): Row => ({
  id: '0190b6a4-0000-7000-8000-000000000001',
  slug,
  version: 1,
  published: true,
  premium: false,
  region: 'europe',
  days: 6,
  interests: ['food'],
  coverUrl: '/presets/amalfi-coast.svg',
  coverCredit: 'Jammy',
  defaultLanguage: 'en',
  text,
  sourceItineraryId: null,
  publishedBy: null,
  updatedAt: new Date(0),
  stageCount: 3,
  placeCount: 12,
});

const reader = (language: 'en' | 'fr') => ({
  language,
  interests: [],
  signedIn: false,
  admin: false,
});

describe("a preset's description in the reader's language", () => {
  const english = { title: 'The Amalfi Coast', description: 'Six sunny days.' };

  it("is the preset's own text in that language when it has one", () => {
    const own = { title: 'La côte amalfitaine', description: 'Six jours de soleil.' };
    const summary = presentSummary(row('amalfi-coast', { en: english, fr: own }), reader('fr'));
    expect(summary).toMatchObject({ title: own.title, description: own.description });
  });

  it("is a catalogue preset's translated description from the messages, its title as published", () => {
    const summary = presentSummary(row('amalfi-coast', { en: english }), reader('fr'));
    const translated = LOCALE_MESSAGES.fr.catalogue['amalfi-coast'].description;
    expect(translated).not.toBe(english.description);
    expect(summary).toMatchObject({ title: english.title, description: translated });
  });

  it("is the original for a traveller's preset, which the messages do not know", () => {
    const summary = presentSummary(row(null, { en: english }), reader('fr'));
    expect(summary).toMatchObject({ title: english.title, description: english.description });
    expect(catalogueDescription('no-such-trip', 'fr')).toBeNull();
  });
});
