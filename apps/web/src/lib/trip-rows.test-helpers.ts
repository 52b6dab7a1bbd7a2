import type { Itinerary, ItineraryTree, Place, Stage } from '@jammy/shared/itineraries';

// A trip's rows as the API sends them, for unit tests: every field at a plain value, the test
// giving only those it is about.

const STAMP = '2027-01-01T00:00:00.000Z';

/** An itinerary of `me`, who owns it. */
export function anItinerary(fields: Partial<Itinerary> = {}): Itinerary {
  return {
    id: 'trip',
    title: 'A trip',
    description: '',
    startDate: null,
    endDate: null,
    timezone: null,
    currency: null,
    coverUrl: null,
    cover: null,
    ownerId: 'me',
    role: 'owner',
    deletedAt: null,
    createdAt: STAMP,
    updatedAt: STAMP,
    version: 1,
    ...fields,
  };
}

/** A stage of the trip `trip`, titled and placed (`position`) by its id unless given. */
export function aStage(fields: Partial<Stage> & Pick<Stage, 'id'>): Stage {
  return {
    itineraryId: 'trip',
    position: fields.id,
    title: fields.id,
    destinationName: null,
    lat: null,
    lng: null,
    countryCode: null,
    startDate: null,
    endDate: null,
    notes: '',
    createdAt: STAMP,
    updatedAt: STAMP,
    version: 1,
    ...fields,
  };
}

/** A sight of the trip `trip` without a stage, named and placed by its id unless given. */
export function aPlace(fields: Partial<Place> & Pick<Place, 'id'>): Place {
  return {
    itineraryId: 'trip',
    stageId: null,
    position: fields.id,
    name: fields.id,
    category: 'sight',
    lat: null,
    lng: null,
    address: null,
    url: null,
    day: null,
    time: null,
    durationMinutes: null,
    openingHours: null,
    costMinor: null,
    currency: null,
    notes: '',
    createdAt: STAMP,
    updatedAt: STAMP,
    version: 1,
    ...fields,
  };
}

/** A trip as GET /api/itineraries/{id} sends it: nothing in it unless given. */
export function aTree(fields: Partial<ItineraryTree> = {}): ItineraryTree {
  return {
    itinerary: anItinerary(),
    stages: [],
    places: [],
    photos: [],
    attachments: [],
    bookings: [],
    ...fields,
  };
}
