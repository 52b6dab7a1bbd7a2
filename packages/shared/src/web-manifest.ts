import { localizePath, type Language } from './languages';

/**
 * The installed app's manifest speaks the traveller's language: its name, description and
 * screenshot labels (the `manifest` namespace of each language's messages, read by the server),
 * and a start URL that opens the app in that language (issue 12).
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
