import { useParams } from 'react-router';

/** The itinerary (and stage) ids of the current page; the router already checked them. */
export function useItineraryParams(): { id: string; stageId: string | undefined } {
  const { id, stageId } = useParams();
  if (!id) throw new Error('This page needs an itinerary id');
  return { id, stageId };
}
