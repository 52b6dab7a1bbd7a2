import { localizePath, type Language } from './languages';

/**
 * The installed app's manifest speaks the traveller's language: its name, description and
 * screenshot labels, and a start URL that opens the app in that language (issue 12).
 */
export const BASE_MANIFEST_PATH = '/manifest.webmanifest';

/** Where a page in `language` finds its manifest. */
export function manifestPath(language: Language): string {
  return `/manifest/${language}.webmanifest`;
}

/** The start URL of the app installed from a page in `language`. */
export function manifestStartUrl(language: Language): string {
  return `${localizePath('/', language)}?source=app`;
}

export interface ManifestTexts {
  name: string;
  description: string;
  /** Labels of the wide and narrow screenshots. */
  wide: string;
  narrow: string;
}

export const MANIFEST_TEXTS: Record<Language, ManifestTexts> = {
  en: {
    name: 'Jammy — trip planner',
    description: 'Plan trips as itineraries of stages and places, together — even offline.',
    wide: 'A trip with its stages and map',
    narrow: 'A trip on a phone',
  },
  it: {
    name: 'Jammy — pianificatore di viaggi',
    description: 'Pianifica i viaggi come itinerari di tappe e luoghi, insieme — anche offline.',
    wide: 'Un viaggio con le sue tappe e la mappa',
    narrow: 'Un viaggio sul telefono',
  },
  fr: {
    name: 'Jammy — planificateur de voyages',
    description:
      'Organisez vos voyages en itinéraires d’étapes et de lieux, à plusieurs — même hors ligne.',
    wide: 'Un voyage avec ses étapes et sa carte',
    narrow: 'Un voyage sur un téléphone',
  },
  es: {
    name: 'Jammy — planificador de viajes',
    description:
      'Planifica viajes como itinerarios de etapas y lugares, en compañía — incluso sin conexión.',
    wide: 'Un viaje con sus etapas y su mapa',
    narrow: 'Un viaje en el móvil',
  },
  de: {
    name: 'Jammy — Reiseplaner',
    description: 'Plane Reisen als Routen aus Etappen und Orten, gemeinsam — auch offline.',
    wide: 'Eine Reise mit ihren Etappen und der Karte',
    narrow: 'Eine Reise auf dem Handy',
  },
  ar: {
    name: 'Jammy — مخطِّط الرحلات',
    description: 'خطِّط رحلاتك كمسارات من المراحل والأماكن، معًا — حتى دون اتصال.',
    wide: 'رحلة بمراحلها وخريطتها',
    narrow: 'رحلة على الهاتف',
  },
};
