import { describe, expect, it } from 'vitest';
import { clusterPoints, type Projected } from './cluster';

const point = (id: string, x: number, y: number): Projected<string> => ({ item: id, x, y });
const key = (id: string) => id;

describe('clusterPoints', () => {
  it('groups nothing below its threshold', () => {
    const points = [point('a', 0, 0), point('b', 1, 1)];
    expect(clusterPoints(points, key, { from: 3 })).toEqual({ singles: ['a', 'b'], clusters: [] });
  });

  it('groups points sharing a grid cell, at their mean position, and leaves lone ones', () => {
    const points = [point('a', 10, 10), point('b', 30, 20), point('c', 500, 500)];
    const { singles, clusters } = clusterPoints(points, key, { from: 1, cell: 56 });
    expect(singles).toEqual(['c']);
    expect(clusters).toEqual([{ key: 'a+2', members: ['a', 'b'], x: 20, y: 15 }]);
  });

  it('never groups the point it is asked to keep (the selected one)', () => {
    const points = [point('a', 10, 10), point('b', 12, 12), point('c', 14, 14)];
    const { singles, clusters } = clusterPoints(points, key, { from: 1, keep: (id) => id === 'b' });
    expect(singles).toEqual(['b']);
    expect(clusters.map((cluster) => cluster.members)).toEqual([['a', 'c']]);
  });

  it('draws each of 500 points once, alone or in one cluster', () => {
    const points = Array.from({ length: 500 }, (_, index) =>
      point(`p${index}`, (index * 37) % 900, (index * 53) % 600),
    );
    const { singles, clusters } = clusterPoints(points, key);
    const drawn = [...singles, ...clusters.flatMap((cluster) => cluster.members)];
    expect(drawn).toHaveLength(500);
    expect(new Set(drawn).size).toBe(500);
    expect(clusters.every((cluster) => cluster.members.length >= 2)).toBe(true);
    expect(singles.length + clusters.length).toBeLessThan(300);
  });
});
