import { parentPort } from 'node:worker_threads';
import { AppError } from '../../lib/errors';
import { readImport } from './read-import';
import type { ReadReply, ReadRequest, ThreadMessage } from './import-reader';

// The import reader's thread: reads one file at a time, away from the thread that answers
// requests (a 5 MB GPX takes seconds of parsing). A refusal goes back as the AppError's parts.
parentPort?.on('message', (request: ReadRequest) => {
  let reply: ReadReply;
  try {
    reply = { content: readImport(request.format, request.bytes, request.options) };
  } catch (error) {
    reply =
      error instanceof AppError
        ? { refused: { code: error.code, message: error.message, details: error.details } }
        : { failed: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});
// Ready: the reader counts a file's time from here, not from the thread's start.
const ready: ThreadMessage = { ready: true };
parentPort?.postMessage(ready);
