import type { QueryClient } from '@tanstack/react-query';
import { stageRoutesQuery } from '../../../components/maps/stage-routes';
import { notesQuery, tripListsQuery } from '../../notes/public';
import { activityQuery } from '../../sharing/public';

/**
 * Asks for what the overview's sections below its first screen read (notes and lists, the
 * activity, the stages' tracks) alongside the trip itself, rather than once those sections are
 * drawn: they then draw complete, in the same render, instead of each drawing twice.
 */
export function prefetchOverviewSections(queryClient: QueryClient, itineraryId: string): void {
  void queryClient.prefetchQuery(notesQuery(itineraryId));
  void queryClient.prefetchQuery(tripListsQuery(itineraryId));
  void queryClient.prefetchQuery(activityQuery(itineraryId));
  void queryClient.prefetchQuery(stageRoutesQuery(itineraryId));
}
