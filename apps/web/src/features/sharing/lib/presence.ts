import type { Presence } from '@jammy/shared/sharing';

/** The viewers of a `presence` event, whether its data is the Presence or wraps it. */
export function presenceOf(raw: string): Presence | null {
  try {
    const parsed: unknown = JSON.parse(raw);
    const candidates = [parsed, (parsed as { data?: unknown } | null)?.data];
    for (const candidate of candidates) {
      if (
        typeof candidate === 'object' &&
        candidate !== null &&
        'viewers' in candidate &&
        Array.isArray(candidate.viewers)
      ) {
        return { viewers: candidate.viewers as Presence['viewers'] };
      }
    }
  } catch {
    // A malformed frame changes nothing.
  }
  return null;
}

/** Everyone viewing but the caller, once each (a traveller may have two tabs open). */
export function otherViewers(presence: Presence | undefined, myId: string | undefined) {
  const seen = new Set<string>();
  return (presence?.viewers ?? []).filter((viewer) => {
    if (viewer.id === myId || seen.has(viewer.id)) return false;
    seen.add(viewer.id);
    return true;
  });
}
