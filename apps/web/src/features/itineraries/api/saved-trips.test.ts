import type { ItineraryTree, Stage } from '@jammy/shared/itineraries';
import { describe, expect, it } from 'vitest';
import { aStage, aTree, anItinerary } from '../../../lib/trip-rows.test-helpers';
import { savedTripsOf, summaryOfTree } from './saved-trips';

const stage = (id: string, startDate: string | null, endDate: string | null): Stage =>
  aStage({ id, startDate, endDate });

function tree(
  id: string,
  title: string,
  options: { updatedAt?: string; startDate?: string; stages?: Stage[]; deleted?: boolean } = {},
): ItineraryTree {
  return aTree({
    itinerary: anItinerary({
      id,
      title,
      startDate: options.startDate ?? null,
      deletedAt: options.deleted ? '2027-02-01T00:00:00.000Z' : null,
      ...(options.updatedAt ? { updatedAt: options.updatedAt } : {}),
    }),
    stages: options.stages ?? [],
  });
}

describe('summaryOfTree', () => {
  it('counts stages and places and spans the stages’ dates', () => {
    const summary = summaryOfTree(
      tree('a', 'Sicily', {
        stages: [
          stage('1', '2027-03-14', '2027-03-16'),
          stage('2', '2027-03-12', null),
          stage('3', null, '2027-03-18'),
          stage('4', null, null),
        ],
      }),
    );
    expect(summary).toMatchObject({
      title: 'Sicily',
      stageCount: 4,
      placeCount: 0,
      stagesStartDate: '2027-03-12',
      stagesEndDate: '2027-03-18',
    });
    expect(summaryOfTree(tree('b', 'Undated'))).toMatchObject({
      stagesStartDate: null,
      stagesEndDate: null,
    });
  });
});

describe('savedTripsOf', () => {
  const trees = [
    tree('a', 'Sicily', { updatedAt: '2027-01-02T00:00:00.000Z', startDate: '2027-05-01' }),
    tree('b', 'Côte d’Azur', {
      updatedAt: '2027-01-03T00:00:00.000Z',
      stages: [stage('1', '2027-04-01', null)],
    }),
    tree('c', 'Someday', { updatedAt: '2027-01-01T00:00:00.000Z' }),
    tree('d', 'Binned', { deleted: true }),
  ];

  it('orders by last change or by start (its own, else its stages’; none last)', () => {
    const titles = (sort: 'updated' | 'start') =>
      savedTripsOf(trees, { q: '', sort }).map((trip) => trip.title);
    expect(titles('updated')).toEqual(['Côte d’Azur', 'Sicily', 'Someday']);
    expect(titles('start')).toEqual(['Côte d’Azur', 'Sicily', 'Someday']);
  });

  it('searches titles without regard to case or accents, never the trash', () => {
    expect(savedTripsOf(trees, { q: 'COTE', sort: 'updated' }).map((trip) => trip.id)).toEqual([
      'b',
    ]);
    expect(savedTripsOf(trees, { q: 'binned', sort: 'updated' })).toEqual([]);
  });
});
