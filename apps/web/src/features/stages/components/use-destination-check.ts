import type { GeoPlace } from '@jammy/shared/geo';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLanguage } from '../../../i18n/use-language';
import { MIN_SEARCH_LENGTH, searchPlacesQuery } from '../../../lib/place-search';
import { closestFirst, needsDestinationCheck, type StageDraft } from '../lib/stage-draft';

/** A typed destination being asked about: the places the search found for it. */
export interface DestinationQuestion {
  name: string;
  places: GeoPlace[];
  /** The search did not answer (offline, or the server failed). */
  failed: boolean;
}

/** How many places the question offers: enough for the Springfields of this world. */
const CHOICES = 5;
/** How many the search is asked for, so that the place of the very name is among them. */
const SEARCHED = 12;

/**
 * Before a stage is saved with a destination typed but never picked, looks the name up with
 * the place search and holds the question for the form to show: the traveller confirms the
 * best match, picks another, or keeps the name without a position (the form then saves the
 * draft as it is). Nothing is guessed.
 */
export function useDestinationCheck() {
  const queryClient = useQueryClient();
  const { language } = useLanguage();
  const [question, setQuestion] = useState<DestinationQuestion | null>(null);

  /** True when `draft` may be saved as it is; otherwise the question is asked first. */
  const ready = async (draft: StageDraft): Promise<boolean> => {
    if (!needsDestinationCheck(draft)) return true;
    const name = draft.destination.name.trim();
    if (name.length < MIN_SEARCH_LENGTH) {
      setQuestion({ name, places: [], failed: false });
      return false;
    }
    try {
      const found = await queryClient.fetchQuery(
        searchPlacesQuery({ q: name, language, kind: 'city', limit: SEARCHED }),
      );
      setQuestion({
        name,
        places: closestFirst(name, found.items).slice(0, CHOICES),
        failed: false,
      });
    } catch {
      setQuestion({ name, places: [], failed: true });
    }
    return false;
  };

  return {
    /** The question to show, while the destination still reads as asked. */
    questionFor: (draft: StageDraft) =>
      question && question.name === draft.destination.name.trim() ? question : null,
    ready,
    /** The question answered (the form then saves without asking), or left to change the name. */
    dismiss: () => setQuestion(null),
  };
}
