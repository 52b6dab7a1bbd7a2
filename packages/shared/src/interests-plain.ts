// The part of interests.ts without zod (the catalogue): the web app shows it and must not load
// the schemas for that. interests.ts re-exports all of it.

/**
 * The interests catalogue: what a traveller likes, used to recommend Jammy itineraries.
 * Ids are stable (stored on users and presets); names are translated in the web client
 * (`interests` namespace, key = id); `icon` names a Tabler icon.
 */
export const INTERESTS = [
  { id: 'food-and-drink', icon: 'tools-kitchen-2' },
  { id: 'art', icon: 'palette' },
  { id: 'history', icon: 'building-castle' },
  { id: 'architecture', icon: 'building-arch' },
  { id: 'museums', icon: 'building-museum' },
  { id: 'nature', icon: 'leaf' },
  { id: 'hiking', icon: 'trekking' },
  { id: 'beaches', icon: 'beach' },
  { id: 'wildlife', icon: 'paw' },
  { id: 'nightlife', icon: 'glass-cocktail' },
  { id: 'shopping', icon: 'shopping-bag' },
  { id: 'family', icon: 'friends' },
  { id: 'wellness', icon: 'yoga' },
  { id: 'photography', icon: 'camera' },
  { id: 'road-trips', icon: 'car' },
  { id: 'wine', icon: 'glass-full' },
] as const;

export type InterestId = (typeof INTERESTS)[number]['id'];

/** One entry of the catalogue, as GET /api/interests answers it. */
export type Interest = (typeof INTERESTS)[number];

export const INTEREST_IDS = INTERESTS.map((interest) => interest.id) as unknown as readonly [
  InterestId,
  ...InterestId[],
];
