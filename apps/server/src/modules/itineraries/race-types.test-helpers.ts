import type { HTTPMethods } from 'fastify';
import type { SignedInUser } from '../../../test/clients';

/** The words of the race table (race-pairs.test-helpers.ts) and of its runner (races.test-helpers.ts). */

/** What one round works on: every kind of child of one itinerary, seeded straight in SQL. */
export interface Fixture {
  owner: SignedInUser;
  itineraryId: string;
  stageA: string;
  stageB: string;
  /** In stage A. */
  placeA1: string;
  placeA2: string;
  /** In stage B. */
  placeB1: string;
  /** In no stage. */
  loosePlace: string;
  noteId: string;
  listId: string;
  itemA: string;
  itemB: string;
  /** In stage A. */
  bookingId: string;
  invitationToken: string;
}

/** Who sends a request: a test account by role (the accounts exist once the suite has started). */
export type Who = 'owner' | 'editor' | 'viewer' | 'invitee' | SignedInUser;

export interface Request {
  user: Who;
  method: HTTPMethods;
  url: (f: Fixture) => string;
  payload?: (f: Fixture) => object;
}

export type Parent = 'trash' | 'account' | 'stage' | 'list';

export interface Pair {
  parent: Parent;
  name: string;
  child: Request;
  /** The event the child records when it wins (to check that a loser recorded nothing). */
  childEvent?: string;
  /** Statuses the child may answer when it runs after the parent is gone. */
  afterRemoval: number[];
  /** Statuses the remover may answer when the child ran first (default: 2xx only). */
  removerAfterChild?: number[];
}
