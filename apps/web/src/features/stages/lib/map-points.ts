import type { Place } from '@jammy/shared/itineraries';
import type { MapPoint } from '../../../components/maps/trip-map';

/** Places with a location as numbered map points; the number is the place's rank in the list. */
export function placePoints(places: readonly Place[]): MapPoint[] {
  return places.flatMap((place, index) =>
    place.lat !== null && place.lng !== null
      ? [
          {
            id: place.id,
            lat: place.lat,
            lng: place.lng,
            label: String(index + 1),
            title: place.name,
          },
        ]
      : [],
  );
}
