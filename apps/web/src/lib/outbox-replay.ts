import { reportServerAnswered, reportServerUnreachable } from './connectivity';
import { replayQueue, type OutboxEntry, type OutboxProblem, type ReplayStop } from './outbox-core';

/**
 * Sending the outbox (outbox.ts): loaded with its first run, when edits wait, so that the
 * first load of every page does without it.
 */

async function send(entry: OutboxEntry): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetch(entry.path, {
      method: entry.method,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', 'idempotency-key': entry.idempotencyKey },
      body: JSON.stringify(entry.body ?? {}),
    });
  } catch (error) {
    reportServerUnreachable();
    throw error;
  }
  if (response.status === 502 || response.status === 504) reportServerUnreachable();
  else reportServerAnswered();
  const body: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  return { status: response.status, body };
}

/** Sends the queue's entries in order, each with its Idempotency-Key, until one stops it. */
export function replay(queue: {
  first: () => OutboxEntry | undefined;
  remove: (entry: OutboxEntry) => Promise<void>;
  mark: (entry: OutboxEntry, problem: OutboxProblem) => Promise<void>;
  saved: (entry: OutboxEntry) => void;
}): Promise<ReplayStop> {
  return replayQueue({ ...queue, send });
}
