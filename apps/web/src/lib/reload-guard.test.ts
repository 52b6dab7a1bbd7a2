import { RELOAD_GUARD_MS } from '@jammy/shared/constants';
import { describe, expect, it } from 'vitest';
import { claimReload, isChunkLoadError } from './reload-guard';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('claimReload', () => {
  it('allows one reload, then refuses until the guard time has passed', () => {
    const storage = memoryStorage();
    expect(claimReload(storage, 1_000_000)).toBe(true);
    expect(claimReload(storage, 1_000_000 + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(claimReload(storage, 1_000_000 + RELOAD_GUARD_MS)).toBe(true);
  });

  it('ignores a corrupt stored value', () => {
    const storage = memoryStorage();
    storage.setItem('jammy:reload-guard', 'nonsense');
    expect(claimReload(storage, 5)).toBe(true);
  });
});

describe('isChunkLoadError', () => {
  it('recognises the messages of Chromium, Safari and Firefox', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: http://x/assets/a.js',
      'Importing a module script failed.',
      'error loading dynamically imported module',
    ]) {
      expect(isChunkLoadError(new TypeError(message))).toBe(true);
    }
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});
