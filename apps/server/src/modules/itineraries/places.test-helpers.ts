import type { Itinerary, Place } from '@jammy/shared/itineraries';
import type { Client } from '../../../test/clients';
import { getTree } from '../../../test/factories';

export const placesUrl = (trip: Itinerary) => `/api/itineraries/${trip.id}/places`;
export const placeUrl = (trip: Itinerary, place: Place) => `${placesUrl(trip)}/${place.id}`;

/** Place names per stage (null: outside any stage), each in its order. */
export async function layout(owner: Client, trip: Itinerary): Promise<Record<string, string[]>> {
  const tree = await getTree(owner, trip.id);
  const groups: Record<string, string[]> = {};
  for (const place of tree.places) {
    const key = place.stageId ?? 'none';
    (groups[key] ??= []).push(place.name);
  }
  return groups;
}

export const FULL_PLACE = {
  name: 'Jerónimos Monastery',
  category: 'sight',
  lat: 38.6979,
  lng: -9.2068,
  address: 'Praça do Império, Lisboa',
  url: 'https://www.patrimoniocultural.gov.pt/',
  day: '2027-04-03',
  time: '09:30',
  durationMinutes: 90,
  openingHours: 'Tu-Su 10:00-18:00; PH off',
  costMinor: 1250,
  currency: 'EUR',
  notes: 'Go early',
};
