// Loaded into the server by `npm run bench:load` (node --expose-gc --import this file): on
// the message `memory` from its parent, the server collects its garbage and answers with
// process.memoryUsage(), so the figures compared are what is still held, not garbage not yet
// collected. `snapshot` also writes a heap snapshot (after a collection) and answers its path.
import v8 from 'node:v8';

function collect() {
  // Twice: weak references and finalizers freed by the first pass are collected by the second.
  globalThis.gc?.();
  globalThis.gc?.();
}

process.on('message', (message) => {
  if (!message || typeof message !== 'object') return;
  if (message.type === 'memory') {
    collect();
    process.send?.({ type: 'memory', id: message.id, usage: process.memoryUsage() });
  } else if (message.type === 'snapshot' && typeof message.path === 'string') {
    collect();
    const file = v8.writeHeapSnapshot(message.path);
    process.send?.({ type: 'snapshot', id: message.id, path: file });
  }
});
// The IPC channel must not keep the server alive once it is told to stop.
process.channel?.unref();
