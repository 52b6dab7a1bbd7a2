import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Mailer } from './mailer';
import { claimDueMail, forgetMail, postponeMail } from './mail-queue.repository';

/** Mails claimed at once by one process. */
const BATCH = 20;
/** How long a claimed mail is set aside while it is being sent. */
const LEASE_MS = 5 * 60_000;
const FIRST_RETRY_MS = 60_000;
const LONGEST_RETRY_MS = 6 * 60 * 60_000;
/** A mail still failing a week after it was written is given up (and logged as an error). */
const GIVE_UP_MS = 7 * 24 * 60 * 60_000;
/** How often each process looks for mails due again (failed attempts waiting to be retried). */
const CHECK_EVERY_MS = 60_000;

/** The wait before the next attempt after `attempts` failed ones: 1 min, 2, 4 … up to 6 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

/**
 * Sends every queued mail that is due, batch by batch. A mail the mailer took leaves the queue;
 * a failure keeps it with its error until its next attempt. A mail is sent at least once: when
 * the process stops between sending and forgetting it, it is sent again after the lease.
 */
export async function sendQueuedMail(
  db: Db,
  mailer: Mailer,
  logger: FastifyBaseLogger,
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (;;) {
    const batch = await claimDueMail(db, BATCH, LEASE_MS);
    for (const row of batch) {
      const about = { to: row.to, subject: row.subject, attempts: row.attempts };
      try {
        await mailer.send({
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html,
          ...(row.replyTo ? { replyTo: row.replyTo } : {}),
        });
        sent += 1;
        await forgetMail(db, row.id);
      } catch (error) {
        failed += 1;
        if (Date.now() - row.createdAt.getTime() >= GIVE_UP_MS) {
          logger.error({ err: error, ...about }, 'mail given up: it failed for a week');
          await forgetMail(db, row.id);
          continue;
        }
        const nextAttemptAt = new Date(Date.now() + retryDelayMs(row.attempts));
        logger.warn({ err: error, ...about, nextAttemptAt }, 'mail not sent: it will be retried');
        const message = error instanceof Error ? error.message : String(error);
        await postponeMail(db, row.id, row.attempts, nextAttemptAt, message.slice(0, 1000));
      }
    }
    if (batch.length < BATCH) return { sent, failed };
  }
}

/** The queue's sender in this process. */
export interface MailQueue {
  /** Sends what is due now, in the background: after a change that queued mail. */
  kick(): void;
  /** Looks for mails due again every minute (a retry, or one another process left). */
  start(): void;
  /** Stops looking and waits for a round of sending under way. */
  close(): Promise<void>;
}

export function createMailQueue(deps: {
  db: Db;
  mailer: Mailer;
  logger: FastifyBaseLogger;
}): MailQueue {
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    if (closed) return;
    // One round at a time; a kick during a round makes one more, for what it queued.
    if (running) {
      again = true;
      return;
    }
    running = sendQueuedMail(deps.db, deps.mailer, deps.logger)
      .then(
        () => undefined,
        (error: unknown) => deps.logger.warn({ err: error }, 'the mail queue could not be read'),
      )
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          run();
        }
      });
  };
  return {
    kick: run,
    start() {
      run();
      timer = setInterval(run, CHECK_EVERY_MS).unref();
    },
    async close() {
      closed = true;
      clearInterval(timer);
      await running;
    },
  };
}
