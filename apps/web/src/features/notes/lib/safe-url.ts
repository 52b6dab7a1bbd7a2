const ALLOWED_PROTOCOLS: ReadonlySet<string> = new Set(['http:', 'https:', 'mailto:']);

/**
 * The address a note's link or image may use: only absolute http, https and mailto addresses
 * are kept ('' removes it), so a note can never run script (`javascript:`), reach into the app
 * (relative paths) or open other schemes.
 */
export function safeUrl(url: string): string {
  const value = url.trim();
  try {
    return ALLOWED_PROTOCOLS.has(new URL(value).protocol) ? value : '';
  } catch {
    return '';
  }
}
