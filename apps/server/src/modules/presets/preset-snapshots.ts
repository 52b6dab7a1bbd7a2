import type { Language } from '@jammy/shared/languages';
import type { PresetContent, PresetPlaceContent, PresetStageContent } from '@jammy/shared/presets';
import { generateNKeysBetween } from 'fractional-indexing';
import { uuidv7 } from 'uuidv7';
import { AppError } from '../../lib/errors';
import type { ItineraryRow } from '../itineraries/access';
import type { PlaceRow, StageRow } from '../itineraries/content.repository';
import { contentOf, pick, placeCategory, textOf } from './presets.presenter';
import type { CopyPlan, PresetRow } from './presets.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** `date` (YYYY-MM-DD) plus `days`, as a calendar date (UTC: no daylight-saving surprises). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * What copying a preset creates, in the reader's language: the itinerary from `startDate`
 * for the preset's days, its stages and places with their days turned into dates.
 */
export function planCopy(
  row: PresetRow,
  options: { language: Language; startDate: string; title?: string; publicOrigin: URL },
): CopyPlan {
  const { language, startDate } = options;
  const fallback = row.defaultLanguage;
  const text = pick(textOf(row), language, fallback).value;
  const stages = contentOf(row).stages;
  const stagePositions = generateNKeysBetween(null, null, stages.length);
  // Places are numbered through the whole trip, so they read in order in every stage and
  // across the itinerary.
  const placePositions = generateNKeysBetween(
    null,
    null,
    stages.reduce((sum, content) => sum + content.places.length, 0),
  );
  const plan: CopyPlan = {
    itinerary: {
      title: options.title ?? text?.title ?? 'Jammy itinerary',
      description: text?.description ?? '',
      startDate,
      endDate: addDays(startDate, row.days - 1),
      // A cover shipped with the web app is a path: the itinerary keeps an absolute address.
      coverUrl: row.coverUrl ? new URL(row.coverUrl, options.publicOrigin).toString() : null,
    },
    stages: [],
    places: [],
  };
  stages.forEach((content, index) => {
    const stageText = pick(content.text, language, fallback).value;
    const stageId = uuidv7();
    plan.stages.push({
      id: stageId,
      position: stagePositions[index] ?? 'a0',
      title: stageText?.title ?? content.destinationName,
      destinationName: content.destinationName,
      lat: content.lat,
      lng: content.lng,
      countryCode: content.countryCode || null,
      startDate: addDays(startDate, content.startDay),
      endDate: addDays(startDate, content.startDay + content.days - 1),
      notes: stageText?.tip ?? '',
    });
    content.places.forEach((placeContent) => {
      plan.places.push({
        id: uuidv7(),
        stageId,
        position: placePositions[plan.places.length] ?? 'a0',
        name: placeContent.name,
        category: placeContent.category,
        lat: placeContent.lat,
        lng: placeContent.lng,
        address: placeContent.address ?? null,
        url: placeContent.url ?? null,
        day:
          placeContent.day === null || placeContent.day === undefined
            ? null
            : addDays(startDate, placeContent.day),
        time: placeContent.time ?? null,
        durationMinutes: placeContent.durationMinutes ?? null,
        notes: placeContent.text
          ? (pick(placeContent.text, language, fallback).value?.notes ?? '')
          : '',
      });
    });
  });
  return plan;
}

function notPublishable(message: string): AppError {
  return new AppError('request/invalid', `itineraryId: ${message}`, {
    issues: [{ field: 'itineraryId', message }],
  });
}

export interface Snapshot {
  days: number;
  text: Record<string, { title: string; description: string }>;
  content: PresetContent;
}

/**
 * A preset's snapshot of an itinerary, its text in `language`: stage and place dates become
 * day offsets from the itinerary's start (or its first dated stage); undated stages follow
 * the previous one. Places outside any stage join the stage holding their day, else the last.
 */
export function snapshotItinerary(
  source: { itinerary: ItineraryRow; stages: StageRow[]; places: PlaceRow[] },
  language: Language,
): Snapshot {
  const { itinerary, stages, places } = source;
  if (stages.length === 0) throw notPublishable('has no stages to publish; add one first');
  const origin =
    itinerary.startDate ??
    stages.map((row) => row.startDate).find((date): date is string => date !== null) ??
    null;
  const offset = (date: string | null) =>
    origin === null || date === null ? null : daysBetween(origin, date);

  let nextDay = 0;
  const snapshotStages: PresetStageContent[] = stages.map((row) => {
    const start = offset(row.startDate);
    const startDay = start !== null && start >= 0 ? start : nextDay;
    const days =
      row.startDate && row.endDate ? Math.max(1, daysBetween(row.startDate, row.endDate) + 1) : 1;
    nextDay = Math.max(nextDay, startDay + days);
    const located = [row, ...places.filter((candidate) => candidate.stageId === row.id)].find(
      (candidate) => candidate.lat !== null && candidate.lng !== null,
    );
    if (!located || located.lat === null || located.lng === null) {
      throw notPublishable(`stage "${row.title}" has no location; give it a destination first`);
    }
    return {
      destinationName: row.destinationName ?? row.title,
      lat: located.lat,
      lng: located.lng,
      countryCode: row.countryCode ?? '',
      startDay,
      days,
      text: { [language]: { title: row.title, tip: row.notes } },
      places: [],
    };
  });

  for (const row of places) {
    if (row.lat === null || row.lng === null) {
      throw notPublishable(`place "${row.name}" has no location; place it on the map first`);
    }
    const day = offset(row.day);
    const content: PresetPlaceContent = {
      name: row.name,
      category: placeCategory(row.category),
      lat: row.lat,
      lng: row.lng,
      address: row.address,
      url: row.url,
      day: day !== null && day >= 0 ? day : null,
      time: row.time?.slice(0, 5) ?? null,
      durationMinutes: row.durationMinutes,
      ...(row.notes ? { text: { [language]: { notes: row.notes } } } : {}),
    };
    const own = stages.findIndex((candidate) => candidate.id === row.stageId);
    const byDay = snapshotStages.findIndex(
      (candidate) =>
        content.day !== null &&
        content.day !== undefined &&
        content.day >= candidate.startDay &&
        content.day < candidate.startDay + candidate.days,
    );
    const index = own !== -1 ? own : byDay !== -1 ? byDay : snapshotStages.length - 1;
    snapshotStages[index]?.places.push(content);
  }

  const span =
    itinerary.startDate && itinerary.endDate
      ? daysBetween(itinerary.startDate, itinerary.endDate) + 1
      : 0;
  return {
    days: Math.max(1, span, nextDay),
    text: { [language]: { title: itinerary.title, description: itinerary.description } },
    content: { stages: snapshotStages },
  };
}
