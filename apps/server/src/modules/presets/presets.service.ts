import { isLanguage, type Language } from '@jammy/shared/languages';
import {
  PREMIUM_NOT_AVAILABLE_MESSAGE,
  type CopyPreset,
  type ListPresetsQuery,
  type PresetDetail,
  type PresetSummary,
  type UpdatePreset,
  type publishPresetSchema,
} from '@jammy/shared/presets';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, invalidField } from '../../lib/errors';
import { conflict } from '../../lib/versions';
import type { ItineraryRow } from '../itineraries/access';
import { planCopy, snapshotItinerary } from './preset-snapshots';
import {
  orderSummaries,
  presentAdminDetail,
  presentDetail,
  presentSummary,
  textOf,
} from './presets.presenter';
import * as repository from './presets.repository';
import { readerLanguage, type LanguageHints, type Reader, type Viewer } from './reader';
import { unlockedPresetIds } from './unlocks.repository';

function notFound(): AppError {
  return new AppError('preset/not-found', 'There is no such Jammy itinerary');
}

/** A page's position in the list, as an opaque cursor; null when the cursor is not one. */
function encodeOffset(offset: number): string {
  return Buffer.from(JSON.stringify({ offset })).toString('base64url');
}
const offsetCursor = z.strictObject({ offset: z.number().int().min(0).max(1_000_000) });
function decodeOffset(cursor: string | undefined): number | null {
  if (cursor === undefined) return 0;
  try {
    const parsed = offsetCursor.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString()));
    return parsed.success ? parsed.data.offset : null;
  } catch {
    return null;
  }
}

function readerOf(
  hints: LanguageHints,
  viewer: Viewer | null,
  profile: { readerLanguage: string | null; readerInterests: string[] | null } | undefined,
): Reader {
  return {
    language: readerLanguage(hints, viewer ? (profile?.readerLanguage ?? null) : null),
    interests: viewer ? (profile?.readerInterests ?? []) : [],
    signedIn: viewer !== null,
    admin: viewer?.admin === true,
  };
}

/** The preset `id` as its reader may see it (a stranger to an unpublished one: 404). */
async function readable(db: Db, id: string, viewer: Viewer | null, hints: LanguageHints) {
  const row = await repository.findPresetForReader(db, id, viewer?.userId ?? null);
  const reader = readerOf(hints, viewer, row);
  if (!row || (!row.preset.published && !reader.admin)) throw notFound();
  return { row, reader };
}

/**
 * A page of Jammy itineraries in the reader's language, recommended first (shared interests)
 * for a signed-in reader. The catalogue is curated (dozens of trips): ordered whole, then cut
 * into pages; the cursor is the position of the next page.
 */
export async function listPresetPage(
  db: Db,
  viewer: Viewer | null,
  hints: LanguageHints,
  query: ListPresetsQuery,
): Promise<{ items: PresetSummary[]; nextCursor: string | null }> {
  const { interest, region, length, all, limit } = query;
  const offset = decodeOffset(query.cursor);
  if (offset === null) throw invalidField('cursor', 'is not a cursor of this list');
  const rows = await repository.listPresets(db, {
    readerId: viewer?.userId ?? null,
    interest,
    region,
    length,
    includeUnpublished: viewer?.admin === true && all === 'true',
  });
  const reader = readerOf(hints, viewer, rows[0]);
  if (viewer) reader.unlocked = await unlockedPresetIds(db, viewer.userId);
  const summaries = orderSummaries(
    rows.map((row) => presentSummary(row, reader)),
    reader,
  );
  const items = summaries.slice(offset, offset + limit);
  const next = offset + limit < summaries.length ? encodeOffset(offset + limit) : null;
  return { items, nextCursor: next };
}

/** One Jammy itinerary with its stages and places (a preview of a premium one not bought). */
export async function readPreset(
  db: Db,
  id: string,
  viewer: Viewer | null,
  hints: LanguageHints,
): Promise<PresetDetail> {
  const { row, reader } = await readable(db, id, viewer, hints);
  if (viewer) reader.unlocked = await unlockedPresetIds(db, viewer.userId, [row.preset.id]);
  return presentDetail(
    { ...row.preset, stageCount: row.stageCount, placeCount: row.placeCount },
    reader,
  );
}

/**
 * Copies a Jammy itinerary into a new itinerary of the viewer's, in their language. A premium
 * one needs a paid order (a refund revokes that; copies made stay) unless they are an admin.
 */
export async function copyPreset(
  db: Db,
  id: string,
  viewer: Viewer,
  hints: LanguageHints,
  input: CopyPreset,
  publicOrigin: URL,
): Promise<ItineraryRow> {
  const { row, reader } = await readable(db, id, viewer, hints);
  if (
    row.preset.premium &&
    !reader.admin &&
    !(await unlockedPresetIds(db, viewer.userId, [row.preset.id])).has(row.preset.id)
  ) {
    throw new AppError('preset/premium', PREMIUM_NOT_AVAILABLE_MESSAGE);
  }
  const plan = planCopy(row.preset, {
    language: reader.language,
    startDate: input.startDate,
    title: input.title,
    publicOrigin,
  });
  return repository.insertCopy(db, viewer.userId, plan);
}

/**
 * Publishes a snapshot of one of the admin's itineraries. Its text is the admin's, in their
 * language: the preset's own language.
 */
export async function publishPreset(
  db: Db,
  admin: Viewer,
  hints: LanguageHints,
  input: z.output<typeof publishPresetSchema>,
): Promise<repository.PresetRow> {
  const { itineraryId, region, interests, premium } = input;
  const source = await repository.findOwnedItineraryContent(db, itineraryId, admin.userId);
  if (!source) throw new AppError('itinerary/not-found', 'There is no such itinerary');
  const language = readerLanguage(hints, await repository.findUserLanguage(db, admin.userId));
  const snapshot = snapshotItinerary(source, language);
  return repository.insertPreset(db, {
    sourceItineraryId: source.itinerary.id,
    publishedBy: admin.userId,
    published: true,
    premium,
    region,
    days: snapshot.days,
    interests: [...new Set(interests)],
    coverUrl: source.itinerary.coverUrl,
    defaultLanguage: language,
    text: snapshot.text,
    content: snapshot.content,
  });
}

/**
 * Changes a preset's listing, publication, premium flag or its text in its own language; a
 * stale version: 409 with the admin's view of it (in `fallback` when its language is unknown).
 */
export async function updatePreset(
  db: Db,
  id: string,
  input: UpdatePreset,
  fallback: Language,
): Promise<repository.PresetRow> {
  const row = await repository.findPreset(db, id);
  if (!row) throw notFound();
  const { version, title, description, interests, ...flags } = input;
  const changes: repository.PresetChanges = { ...flags };
  if (interests) changes.interests = [...new Set(interests)];
  if (title !== undefined || description !== undefined) {
    const text = textOf(row);
    const language = isLanguage(row.defaultLanguage) ? row.defaultLanguage : 'en';
    const own = text[language] ?? { title: '', description: '' };
    changes.text = {
      ...text,
      [language]: { title: title ?? own.title, description: description ?? own.description },
    };
  }
  const updated = await repository.updatePreset(db, row.id, changes, version);
  if (!updated) throw conflict(presentAdminDetail(row, fallback));
  return updated;
}

/** Removes a preset an admin published; a catalogue one can only be unpublished. */
export async function removePreset(
  db: Db,
  id: string,
  version: number | undefined,
  fallback: Language,
): Promise<void> {
  const row = await repository.findPreset(db, id);
  if (!row) throw notFound();
  if (row.slug !== null) {
    throw new AppError(
      'preset/catalogue',
      'This Jammy itinerary ships with Jammy and cannot be deleted; unpublish it instead',
    );
  }
  if (version !== undefined && version !== row.version) {
    throw conflict(presentAdminDetail(row, fallback));
  }
  const deleted = await repository.deletePublishedPreset(db, row.id, version);
  if (!deleted) throw notFound();
}
