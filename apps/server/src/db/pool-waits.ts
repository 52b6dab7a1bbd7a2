import type pg from 'pg';

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  release: (release?: unknown) => void,
) => void;
type Connect = (callback?: ConnectCallback) => Promise<pg.PoolClient> | undefined;

/**
 * Calls `onWait` with the seconds each checkout of a connection waited because the pool had
 * none to give (every connection busy and the pool at its size): the sign of a pool too small
 * for the load. A checkout that finds a connection free, or room for a new one, goes through
 * untouched, so a pool with room pays nothing. `pool.query` checks out through `connect` too.
 */
export function observeAcquireWaits(pool: pg.Pool, onWait: (seconds: number) => void): void {
  const connect = pool.connect.bind(pool) as Connect;
  const size = pool.options.max ?? 10;
  const observed: Connect = (callback) => {
    if (pool.idleCount > 0 || pool.totalCount < size) return connect(callback);
    const started = performance.now();
    const waited = () => onWait((performance.now() - started) / 1000);
    if (callback) {
      return connect((error, client, release) => {
        waited();
        callback(error, client, release);
      });
    }
    return connect()?.finally(waited);
  };
  pool.connect = observed as typeof pool.connect;
}
