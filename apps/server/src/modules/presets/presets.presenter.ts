import type { InterestId } from '@jammy/shared/interests';
import { INTEREST_IDS } from '@jammy/shared/interests';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@jammy/shared/languages';
import { PLACE_CATEGORIES, type PlaceCategory } from '@jammy/shared/itineraries';
import { LOCALE_MESSAGES } from '@jammy/shared/locale-messages';
import {
  REGIONS,
  type Localized,
  type PresetContent,
  type PresetDetail,
  type PresetStageDetail,
  type PresetSummary,
  type Region,
} from '@jammy/shared/presets';
import type { PresetListRow, PresetRow } from './presets.repository';
import type { Reader } from './reader';

/** Stages a preview of a premium preset shows whole (the others by their names). */
const PREVIEW_WHOLE_STAGES = 1;

/** The text in `language`, else in the preset's own language, else any there is. */
export function pick<T>(
  text: Localized<T>,
  language: Language,
  fallback: string,
): { value: T | undefined; language: Language } {
  const own = text[language];
  if (own !== undefined) return { value: own, language };
  const original = isLanguage(fallback) ? text[fallback] : undefined;
  if (original !== undefined && isLanguage(fallback))
    return { value: original, language: fallback };
  const first = Object.entries(text).find(([key]) => isLanguage(key));
  const firstLanguage = first?.[0];
  return isLanguage(firstLanguage)
    ? { value: text[firstLanguage], language: firstLanguage }
    : { value: undefined, language: DEFAULT_LANGUAGE };
}

// The JSON columns are written only by Jammy (validated catalogue files or snapshots built
// by presets.service), so their shape is known.
export function textOf(row: { text: unknown }): Localized<{ title: string; description: string }> {
  return row.text as Localized<{ title: string; description: string }>;
}
export function contentOf(row: { content: unknown }): PresetContent {
  return row.content as PresetContent;
}

function region(value: string): Region {
  return REGIONS.find((known) => known === value) ?? 'europe';
}
function interests(values: readonly string[]): InterestId[] {
  return INTEREST_IDS.filter((id) => values.includes(id));
}
export function placeCategory(value: string): PlaceCategory {
  return PLACE_CATEGORIES.find((known) => known === value) ?? 'other';
}

/** Interests a preset shares with the reader. */
export function matchingInterests(presetInterests: readonly string[], reader: Reader): number {
  return presetInterests.filter((id) => reader.interests.includes(id)).length;
}

type SummaryRow = Omit<PresetListRow, 'readerLanguage' | 'readerInterests'>;

/**
 * A catalogue preset's description in `language` from the messages' `catalogue` namespace (by
 * slug), which translators keep with every other message; null for a preset of a traveller.
 */
export function catalogueDescription(slug: string | null, language: Language): string | null {
  if (slug === null) return null;
  const catalogue: Readonly<Record<string, { description: string } | undefined>> =
    LOCALE_MESSAGES[language].catalogue;
  return catalogue[slug]?.description ?? null;
}

export function presentSummary(row: SummaryRow, reader: Reader): PresetSummary {
  const picked = pick(textOf(row), reader.language, row.defaultLanguage);
  const title = picked.value;
  // The preset's own text in the reader's language wins; without one, a catalogue preset's
  // translated description (its title stays as published).
  const description =
    picked.language === reader.language
      ? title?.description
      : (catalogueDescription(row.slug, reader.language) ?? title?.description);
  return {
    id: row.id,
    title: title?.title ?? '',
    description: description ?? '',
    region: region(row.region),
    days: row.days,
    interests: interests(row.interests),
    coverUrl: row.coverUrl,
    coverCredit: row.coverCredit,
    premium: row.premium,
    published: row.published,
    stageCount: row.stageCount,
    placeCount: row.placeCount,
    matchingInterests: matchingInterests(row.interests, reader),
    copyable: !row.premium || reader.admin || Boolean(reader.unlocked?.has(row.id)),
    ...(reader.admin
      ? {
          admin: {
            version: row.version,
            slug: row.slug,
            catalogue: row.slug !== null,
            defaultLanguage: isLanguage(row.defaultLanguage) ? row.defaultLanguage : 'en',
            sourceItineraryId: row.sourceItineraryId,
            publishedBy: row.publishedBy,
            updatedAt: row.updatedAt.toISOString(),
          },
        }
      : {}),
  };
}

/** Recommended first for a signed-in reader (shared interests), then by title. */
export function orderSummaries(summaries: PresetSummary[], reader: Reader): PresetSummary[] {
  const collator = new Intl.Collator(reader.language, { sensitivity: 'base' });
  return summaries.sort(
    (a, b) =>
      (reader.signedIn ? b.matchingInterests - a.matchingInterests : 0) ||
      collator.compare(a.title, b.title) ||
      (a.id < b.id ? -1 : 1),
  );
}

/**
 * A preset with its stages and places. A premium one the reader may not copy (not bought, or
 * refunded) is a preview: every stage's name and days, and only the first stage whole — its
 * places, times and tips are what the buyer pays for.
 */
export function presentDetail(
  row: PresetRow & { stageCount: number; placeCount: number },
  reader: Reader,
): PresetDetail {
  const summary = presentSummary(row, reader);
  const fallback = row.defaultLanguage;
  const preview = !summary.copyable;
  return {
    ...summary,
    language: pick(textOf(row), reader.language, fallback).language,
    preview,
    stages: contentOf(row).stages.map((stage, index): PresetStageDetail => {
      const text = pick(stage.text, reader.language, fallback).value;
      const heading = {
        index,
        title: text?.title ?? stage.destinationName,
        destinationName: stage.destinationName,
        countryCode: stage.countryCode,
        startDay: stage.startDay,
        days: stage.days,
      };
      if (preview && index >= PREVIEW_WHOLE_STAGES) return { ...heading, locked: true };
      return {
        ...heading,
        locked: false,
        tip: text?.tip ?? '',
        lat: stage.lat,
        lng: stage.lng,
        places: stage.places.map((place, placeIndex) => ({
          index: placeIndex,
          name: place.name,
          category: placeCategory(place.category),
          lat: place.lat,
          lng: place.lng,
          address: place.address ?? null,
          url: place.url ?? null,
          day: place.day ?? null,
          time: place.time ?? null,
          durationMinutes: place.durationMinutes ?? null,
          notes: place.text ? (pick(place.text, reader.language, fallback).value?.notes ?? '') : '',
        })),
      };
    }),
  };
}

/**
 * An admin's view of a preset in its own language (the answers of the admin writes);
 * `fallback` when that language is not one Jammy speaks.
 */
export function presentAdminDetail(row: PresetRow, fallback: Language): PresetDetail {
  const content = contentOf(row);
  return presentDetail(
    {
      ...row,
      stageCount: content.stages.length,
      placeCount: content.stages.reduce((sum, stage) => sum + stage.places.length, 0),
    },
    {
      language: isLanguage(row.defaultLanguage) ? row.defaultLanguage : fallback,
      interests: [],
      signedIn: true,
      admin: true,
    },
  );
}
