const queues = new Map<string, Promise<unknown>>();
/** The newest version each moved row was answered with. */
const latest = new Map<string, number>();

/**
 * Runs the moves of one itinerary one after another, in the order they were made, each
 * carrying the newest version known for its row. Pressing "move up" twice sends the second
 * move after the first has answered, with the version the first left (not a stale one, which
 * would be refused with 409), and the server sees the moves in the order the page showed them.
 */
export function queueMove<T extends { id: string; version: number }>(
  itineraryId: string,
  rowId: string,
  version: number | undefined,
  send: (version: number | undefined) => Promise<T>,
): Promise<T> {
  const previous = queues.get(itineraryId) ?? Promise.resolve();
  const turn = previous
    .catch(() => undefined)
    .then(async () => {
      const known = latest.get(rowId);
      const row = await send(
        version === undefined ? undefined : Math.max(version, known ?? version),
      );
      latest.set(row.id, row.version);
      return row;
    });
  queues.set(itineraryId, turn);
  void turn
    .finally(() => {
      if (queues.get(itineraryId) === turn) queues.delete(itineraryId);
    })
    .catch(() => undefined);
  return turn;
}
