/**
 * The `redirect` target after sign-in, if it is a path of this site; anything else (another
 * host, a protocol-relative `//host`, a `javascript:` URL) gives `fallback` (spec §8:
 * navigating to an external address needs an explicit allow).
 */
export function safeRedirect(value: string | null | undefined, fallback: string): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return fallback;
  }
  try {
    const base = 'http://jammy.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
