import type { GeoPlace } from '@jammy/shared/geo';
import type { Language } from '@jammy/shared/languages';
import type { GazetteerCity } from './gazetteer';
import type { GeocodedPlace } from './geocoder';
import { timeZoneAt } from './time-zone';

/** A city of the offline gazetteer, its country named in `lang`. */
export function presentCity(city: GazetteerCity, lang: Language): GeoPlace {
  return {
    id: `geonames:${city.id}`,
    name: city.name,
    country: city.country,
    countryName: countryName(city.country, lang),
    // Only region codes that read as abbreviations (NY, ZH) help a traveller; `07` does not.
    ...(/^[A-Z]{2,3}$/.test(city.adminCode) ? { admin: city.adminCode } : {}),
    lat: city.lat,
    lng: city.lng,
    population: city.population,
    timezone: timeZoneAt(city.lat, city.lng),
    kind: 'city',
    // Every place of the gazetteer is a populated place (GeoNames feature class P).
    category: 'city',
    source: 'gazetteer',
  };
}

/** A point of interest a geocoder found, its country named in `lang`. */
export function presentPoi(place: GeocodedPlace, lang: Language): GeoPlace {
  return {
    id: place.id,
    name: place.name,
    country: place.country,
    countryName: countryName(place.country, lang),
    ...(place.admin ? { admin: place.admin } : {}),
    lat: place.lat,
    lng: place.lng,
    population: 0,
    timezone: timeZoneAt(place.lat, place.lng),
    kind: 'poi',
    category: place.category,
    ...(place.openingHours ? { openingHours: place.openingHours } : {}),
    source: 'geocoder',
  };
}

const displayNames = new Map<Language, Intl.DisplayNames>();

/** The country's name in `lang` (`JP` → `Giappone` in Italian); the code when unknown. */
function countryName(code: string, lang: Language): string {
  let names = displayNames.get(lang);
  if (!names) {
    names = new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' });
    displayNames.set(lang, names);
  }
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}
