// Loaded into the server by `npm run bench:load` (node --expose-gc --import this file), which
// asks it through the IPC channel what the server itself knows:
// - `memory`: the server collects its garbage and answers with process.memoryUsage(), so the
//   figures compared are what is still held, not garbage not yet collected;
// - `snapshot`: also writes a heap snapshot (after a collection) and answers its path;
// - `pool`: how many times a request waited for a database connection until the pool gave up
//   ("timeout exceeded when trying to connect"), counted from the server's start.
import v8 from 'node:v8';
import pg from 'pg';

function collect() {
  // Twice: weak references and finalizers freed by the first pass are collected by the second.
  globalThis.gc?.();
  globalThis.gc?.();
}

// The server's pool is node-postgres's, loaded once for the process: counting its timeouts here
// counts theirs. A timeout is the pool's own error, given to connect()'s caller.
let poolTimeouts = 0;
const countTimeout = (error) => {
  if (error instanceof Error && error.message.includes('timeout exceeded when trying to connect')) {
    poolTimeouts += 1;
  }
};
const connect = pg.Pool.prototype.connect;
pg.Pool.prototype.connect = function countingConnect(callback) {
  if (typeof callback === 'function') {
    return connect.call(this, (error, client, release) => {
      countTimeout(error);
      callback(error, client, release);
    });
  }
  return connect.call(this).catch((error) => {
    countTimeout(error);
    throw error;
  });
};

process.on('message', (message) => {
  if (!message || typeof message !== 'object') return;
  if (message.type === 'memory') {
    collect();
    process.send?.({ type: 'memory', id: message.id, usage: process.memoryUsage() });
  } else if (message.type === 'snapshot' && typeof message.path === 'string') {
    collect();
    const file = v8.writeHeapSnapshot(message.path);
    process.send?.({ type: 'snapshot', id: message.id, path: file });
  } else if (message.type === 'pool') {
    process.send?.({ type: 'pool', id: message.id, timeouts: poolTimeouts });
  }
});
// The IPC channel must not keep the server alive once it is told to stop.
process.channel?.unref();
