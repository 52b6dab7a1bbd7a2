import { describe, expect, it } from 'vitest';
import { readMessages } from './i18n';

const unreachable = () =>
  Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

describe('reading a namespace of messages', () => {
  const loaders = new Map<string, () => Promise<Record<string, unknown>>>([
    ['en/trips', () => Promise.resolve({ title: 'Trips' })],
    ['fr/trips', () => Promise.resolve({ title: 'Voyages' })],
    ['ar/trips', unreachable],
    ['en/broken', unreachable],
    ['ar/broken', unreachable],
  ]);

  it('reads the language asked for', async () => {
    expect(await readMessages('fr', 'trips', loaders)).toEqual({ title: 'Voyages' });
  });

  it('stands in the English messages when the language cannot be fetched (offline)', async () => {
    expect(await readMessages('ar', 'trips', loaders)).toEqual({ title: 'Trips' });
  });

  it('fails when English cannot be fetched either', async () => {
    await expect(readMessages('ar', 'broken', loaders)).rejects.toThrow('Failed to fetch');
    await expect(readMessages('en', 'broken', loaders)).rejects.toThrow('Failed to fetch');
  });

  it('fails for messages that do not exist', async () => {
    await expect(readMessages('ar', 'nowhere', loaders)).rejects.toThrow(
      'No messages for ar/nowhere',
    );
  });
});
