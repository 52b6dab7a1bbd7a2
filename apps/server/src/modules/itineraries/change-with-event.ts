import type { Executor as Db } from '../../db/client';
import { eventStatement, type ChangeEvent, type EventTarget } from '../../events/events.repository';
import type { Action } from './access';
import { withItineraryLock, type LockOptions } from './itinerary-lock';

/** The events a change records: one, several in order, or none (`[]`). */
export type ChangeEvents = ChangeEvent | readonly ChangeEvent[];

export interface ChangeOptions extends Pick<LockOptions, 'includeTrashed' | 'shared'> {
  /** Move the itinerary's last-change time (default: yes). */
  touch?: boolean;
  /**
   * The right the actor must still have under the lock (default `write`); null when the change
   * itself gives them their place (an invitation accepted): the itinerary must only exist.
   */
  requires?: Action | null;
}

/** What a work that changed something answers: undefined, null or false say it did not. */
type Changed<T> = Exclude<T, undefined | null | false>;

function changed<T>(result: T): result is Changed<T> {
  return result !== undefined && result !== null && result !== false;
}

/**
 * THE way every service writes a change to an itinerary and records its events: in one
 * transaction, so the change and its events are kept or lost together, and the NOTIFY goes
 * out when both are committed. The write takes the itinerary's row lock first
 * (`withItineraryLock`, which also checks again that the itinerary is there and the actor
 * still has the right; `shared` for writes that keep no order among siblings), so writers
 * never wait on each other in opposite orders. `describe` runs in the transaction after the
 * work and names what happened; its statement travels with COMMIT (docs/decisions/030). When
 * `work` changes nothing (a stale version: it answers undefined, null or false), nothing is
 * recorded and the service answers 409.
 */
export function changeWithEvent<T>(
  db: Db,
  target: EventTarget,
  work: (tx: Db) => Promise<T>,
  describe: (result: Changed<T>, tx: Db) => ChangeEvents | Promise<ChangeEvents>,
  options: ChangeOptions = {},
): Promise<T> {
  const { touch, requires = 'write', includeTrashed, shared } = options;
  return withItineraryLock(db, target.itineraryId, work, {
    actorId: target.actorId,
    requires: requires ?? undefined,
    includeTrashed,
    shared,
    closing: async (result, tx) => {
      if (!changed(result)) return undefined;
      const described = await describe(result, tx);
      const events: readonly ChangeEvent[] = 'kind' in described ? [described] : described;
      const [first, ...others] = events;
      return first ? eventStatement(target, [first, ...others], { touch }) : undefined;
    },
  });
}
