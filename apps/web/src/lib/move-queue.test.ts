import { describe, expect, it } from 'vitest';
import { queueMove } from './move-queue';

describe('queueMove', () => {
  it('sends the moves of an itinerary one after another, each with the newest version', async () => {
    const sent: string[] = [];
    let release: () => void = () => undefined;
    const first = queueMove('trip-1', 'stage-a', 3, async (version) => {
      sent.push(`first v${version}`);
      await new Promise<void>((resolve) => (release = resolve));
      return { id: 'stage-a', version: 4 };
    });
    const second = queueMove('trip-1', 'stage-a', 3, async (version) => {
      sent.push(`second v${version}`);
      return { id: 'stage-a', version: 5 };
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The second waits for the first's answer.
    expect(sent).toEqual(['first v3']);
    release();
    expect(await first).toEqual({ id: 'stage-a', version: 4 });
    expect(await second).toEqual({ id: 'stage-a', version: 5 });
    expect(sent).toEqual(['first v3', 'second v4']);
  });

  it('goes on after a refused move, and keeps a newer version it was given', async () => {
    const refused = queueMove('trip-2', 'place-a', 1, () => Promise.reject(new Error('409')));
    const next = queueMove('trip-2', 'place-a', 7, async (version) => ({
      id: 'place-a',
      version: (version ?? 0) + 1,
    }));
    await expect(refused).rejects.toThrow('409');
    expect(await next).toEqual({ id: 'place-a', version: 8 });
  });

  it('does not hold one itinerary up for another', async () => {
    let release: () => void = () => undefined;
    void queueMove('trip-3', 'x', 1, async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { id: 'x', version: 2 };
    });
    expect(await queueMove('trip-4', 'y', 1, async () => ({ id: 'y', version: 2 }))).toEqual({
      id: 'y',
      version: 2,
    });
    release();
  });
});
