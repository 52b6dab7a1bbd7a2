export { useItineraryTree, useUpdateItinerary } from './api/itineraries';
export { ItineraryCover, coverImageOf } from './components/itinerary-cover';
export { ItineraryHeader } from './components/itinerary-header';
export { default as itineraryHeaderClasses } from './components/itinerary-header.module.css';
export { ItineraryPageSkeleton } from './components/itinerary-tree-gate';
export { ProblemAlert } from './components/problem-alert';
export { groupByStage, numberTrip, tripMarkers } from './components/trip-points';
export { TripTotals } from './components/trip-totals';
export { useMarkerTitles } from './components/use-marker-titles';
