import type { PlaceCategory } from '@jammy/shared/itineraries';

// OpenStreetMap's main tag of a place (key=value, as Photon's osm_key/osm_value and
// Nominatim's category/type give it) and the Jammy category it means. Only tags whose meaning
// is plain are listed; anything else is `other`, never a guess.
const BY_TAG: Readonly<Record<string, PlaceCategory>> = {
  'tourism=museum': 'museum',
  'tourism=gallery': 'museum',
  'amenity=arts_centre': 'museum',
  'tourism=attraction': 'sight',
  'tourism=viewpoint': 'sight',
  'tourism=artwork': 'sight',
  'amenity=place_of_worship': 'sight',
  'tourism=hotel': 'lodging',
  'tourism=hostel': 'lodging',
  'tourism=guest_house': 'lodging',
  'tourism=motel': 'lodging',
  'tourism=apartment': 'lodging',
  'tourism=camp_site': 'lodging',
  'tourism=theme_park': 'activity',
  'tourism=zoo': 'activity',
  'tourism=aquarium': 'activity',
  'amenity=restaurant': 'food',
  'amenity=cafe': 'food',
  'amenity=fast_food': 'food',
  'amenity=ice_cream': 'food',
  'amenity=bar': 'drink',
  'amenity=pub': 'drink',
  'amenity=biergarten': 'drink',
  'amenity=theatre': 'activity',
  'amenity=cinema': 'activity',
  'amenity=marketplace': 'shopping',
  'leisure=park': 'nature',
  'leisure=garden': 'nature',
  'leisure=nature_reserve': 'nature',
  'boundary=national_park': 'nature',
  'railway=station': 'transport',
  'amenity=bus_station': 'transport',
  'amenity=ferry_terminal': 'transport',
  'aeroway=aerodrome': 'transport',
  'place=city': 'city',
  'place=town': 'city',
  'place=village': 'city',
  'place=hamlet': 'city',
};

// Keys whose every value is one category.
const BY_KEY: Readonly<Record<string, PlaceCategory>> = {
  historic: 'sight',
  natural: 'nature',
  shop: 'shopping',
  public_transport: 'transport',
};

/** The Jammy category of an OpenStreetMap place from its main tag; `other` when unknown. */
export function osmCategory(key: string | undefined, value: string | undefined): PlaceCategory {
  if (!key) return 'other';
  return BY_TAG[`${key}=${value ?? ''}`] ?? BY_KEY[key] ?? 'other';
}
