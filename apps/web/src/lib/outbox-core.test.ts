import { describe, expect, it } from 'vitest';
import {
  describeEntry,
  differingFields,
  namesUnsavedRow,
  queueableItinerary,
  replayQueue,
  resendFromTheirs,
  type OutboxEntry,
  type OutboxProblem,
  type SendResult,
} from './outbox-core';

const TRIP = '0190a000-0000-7000-8000-000000000001';

function entry(n: number, over: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    idempotencyKey: `key-${n}`,
    method: 'PATCH',
    path: `/api/itineraries/${TRIP}/places/p${n}`,
    body: { name: `Place ${n}`, version: 1 },
    baseVersion: 1,
    itineraryId: TRIP,
    queuedAt: n,
    ...over,
  };
}

/** An in-memory queue and a scripted server: answers are taken in order. */
function harness(entries: OutboxEntry[], answers: (SendResult | 'network')[]) {
  let queue = [...entries];
  const sent: string[] = [];
  const saved: string[] = [];
  const run = () =>
    replayQueue({
      first: () => queue[0],
      remove: async (e) => {
        queue = queue.filter((x) => x.idempotencyKey !== e.idempotencyKey);
      },
      mark: async (e, problem: OutboxProblem) => {
        queue = queue.map((x) => (x.idempotencyKey === e.idempotencyKey ? { ...x, problem } : x));
      },
      send: async (e) => {
        sent.push(e.idempotencyKey);
        const answer = answers.shift();
        if (!answer || answer === 'network') throw new TypeError('Failed to fetch');
        return answer;
      },
      saved: (e) => saved.push(e.idempotencyKey),
    });
  return { run, sent, saved, queue: () => queue };
}

const ok = { status: 200, body: {} };

describe('replayQueue', () => {
  it('sends every entry once, in the order queued, and empties the queue', async () => {
    const h = harness([entry(1), entry(2), entry(3)], [ok, ok, { status: 204, body: null }]);
    expect(await h.run()).toBe('empty');
    expect(h.sent).toEqual(['key-1', 'key-2', 'key-3']);
    expect(h.saved).toEqual(['key-1', 'key-2', 'key-3']);
    expect(h.queue()).toEqual([]);
  });

  it('stops at a network failure, keeps that entry and the rest, and resumes with the same key', async () => {
    const h = harness([entry(1), entry(2), entry(3)], [ok, 'network', ok, ok]);
    expect(await h.run()).toBe('network');
    expect(h.queue().map((e) => e.idempotencyKey)).toEqual(['key-2', 'key-3']);
    expect(h.queue()[0]?.problem).toBeUndefined();
    expect(await h.run()).toBe('empty');
    expect(h.sent).toEqual(['key-1', 'key-2', 'key-2', 'key-3']);
  });

  it('marks a 409 version conflict with their current row and sends nothing after it', async () => {
    const current = { id: 'p1', name: 'Their name', version: 4 };
    const h = harness(
      [entry(1), entry(2)],
      [
        {
          status: 409,
          body: { error: { code: 'conflict', message: 'changed', details: { current } } },
        },
      ],
    );
    expect(await h.run()).toBe('problem');
    expect(h.sent).toEqual(['key-1']);
    expect(h.queue()).toHaveLength(2);
    expect(h.queue()[0]?.problem).toMatchObject({ kind: 'conflict', status: 409, current });
    // Still blocked: a second run does not skip the undecided entry.
    expect(await h.run()).toBe('problem');
    expect(h.sent).toEqual(['key-1']);
  });

  it('marks any other 4xx as refused with the reason', async () => {
    const h = harness(
      [entry(1)],
      [{ status: 404, body: { error: { code: 'place/not-found', message: 'No such place' } } }],
    );
    expect(await h.run()).toBe('problem');
    expect(h.queue()[0]?.problem).toEqual({
      kind: 'rejected',
      status: 404,
      code: 'place/not-found',
      message: 'No such place',
    });
  });

  it('leaves the entry untouched on a 5xx, a gateway error or a replay still in progress', async () => {
    for (const answer of [
      { status: 500, body: null },
      { status: 502, body: null },
      { status: 409, body: { error: { code: 'idempotency/in-progress', message: '' } } },
    ]) {
      const h = harness([entry(1)], [answer]);
      expect(['server', 'network']).toContain(await h.run());
      expect(h.queue()[0]?.problem).toBeUndefined();
    }
  });
});

describe('conflict choices', () => {
  const conflicted = entry(1, {
    body: { name: 'Mine', notes: 'same', version: 1 },
    problem: {
      kind: 'conflict',
      status: 409,
      code: 'conflict',
      message: '',
      current: { id: 'p1', name: 'Theirs', notes: 'same', version: 5 },
    },
  });

  it('lists only the fields that differ, version aside', () => {
    expect(differingFields(conflicted.body, conflicted.problem?.current)).toEqual([
      { field: 'name', mine: 'Mine', theirs: 'Theirs' },
    ]);
  });

  it('"keep mine" resends from their version under a new key, with no problem left', () => {
    const next = resendFromTheirs(conflicted, 'key-new');
    expect(next.body).toEqual({ name: 'Mine', notes: 'same', version: 5 });
    expect(next.baseVersion).toBe(5);
    expect(next.idempotencyKey).toBe('key-new');
    expect(next.problem).toBeUndefined();
  });
});

describe('what may wait in the outbox', () => {
  it('takes writes to a trip and its stages, places, notes, lists and items', () => {
    expect(queueableItinerary('PATCH', `/api/itineraries/${TRIP}`)).toBe(TRIP);
    expect(queueableItinerary('POST', `/api/itineraries/${TRIP}/places`)).toBe(TRIP);
    expect(queueableItinerary('POST', `/api/itineraries/${TRIP}/stages/s1/move`)).toBe(TRIP);
    expect(queueableItinerary('DELETE', `/api/itineraries/${TRIP}/lists/l1/items/i1`)).toBe(TRIP);
    expect(queueableItinerary('PATCH', `/api/itineraries/${TRIP}/notes/n1`)).toBe(TRIP);
    expect(queueableItinerary('POST', `/api/itineraries/${TRIP}/bookings`)).toBe(TRIP);
    expect(queueableItinerary('DELETE', `/api/itineraries/${TRIP}/bookings/b1`)).toBe(TRIP);
  });

  it('takes the creation of a trip that carries its own id, under that id', () => {
    const body = { id: TRIP, title: 'Azores' };
    expect(queueableItinerary('POST', '/api/itineraries', body)).toBe(TRIP);
    expect(queueableItinerary('POST', '/api/itineraries', { id: 'temp-1', title: 'x' })).toBeNull();
  });

  it('never takes reads, trip creation without an id, restore, sharing or other resources', () => {
    expect(queueableItinerary('GET', `/api/itineraries/${TRIP}`)).toBeNull();
    expect(queueableItinerary('POST', '/api/itineraries')).toBeNull();
    expect(queueableItinerary('POST', '/api/itineraries', { title: 'x' })).toBeNull();
    expect(queueableItinerary('POST', `/api/itineraries/${TRIP}`)).toBeNull();
    expect(queueableItinerary('POST', `/api/itineraries/${TRIP}/restore`)).toBeNull();
    expect(queueableItinerary('POST', `/api/itineraries/${TRIP}/members`)).toBeNull();
    expect(queueableItinerary('POST', `/api/itineraries/${TRIP}/share-links`)).toBeNull();
    expect(queueableItinerary('PATCH', '/api/me')).toBeNull();
  });

  it('recognises a row added offline and not yet saved', () => {
    expect(namesUnsavedRow(`/api/itineraries/${TRIP}/places/temp-abc`)).toBe(true);
    expect(namesUnsavedRow(`/api/itineraries/${TRIP}/places/0190a000`)).toBe(false);
  });

  it('describes an entry for the list', () => {
    expect(describeEntry(entry(1))).toEqual({ action: 'edit', kind: 'place', name: 'Place 1' });
    expect(
      describeEntry(
        entry(2, {
          method: 'POST',
          path: `/api/itineraries/${TRIP}/lists/l/items/i/move`,
          body: {},
        }),
      ),
    ).toEqual({ action: 'move', kind: 'item', name: '' });
  });
});
