import { RELOAD_GUARD_MS } from '@jammy/shared/constants';

const STORAGE_KEY = 'jammy:reload-guard';

/** True for the errors browsers raise when a lazily loaded module (a page part) fails to load. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
      error.message,
    ) || error.name === 'ChunkLoadError'
  );
}

/**
 * Whether a reload may happen now: at most one within RELOAD_GUARD_MS, so a part that is
 * really gone shows the error page instead of reloading forever (spec §9).
 */
export function claimReload(storage: Pick<Storage, 'getItem' | 'setItem'>, now: number): boolean {
  const last = Number(storage.getItem(STORAGE_KEY));
  if (Number.isFinite(last) && last > 0 && now - last < RELOAD_GUARD_MS) return false;
  storage.setItem(STORAGE_KEY, String(now));
  return true;
}
