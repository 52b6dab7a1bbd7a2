import type { FastifyBaseLogger } from 'fastify';
import { purgeExpiredPasskeyChallenges } from './auth/passkeys';
import { purgeOldSecurityEvents } from './auth/security-events';
import type { Db } from './db/client';
import { purgeContactMessages } from './modules/contact/contact.repository';
import { purgeExpiredKeys } from './modules/idempotency/idempotency.repository';
import { purgeTrash } from './modules/itineraries/itineraries.repository';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The hourly round every process may run (each delete is idempotent): itineraries left in the
 * trash past the retention period go for good, their files with them (the rows cascade, then
 * `sweepFiles` deletes the bytes), old contact messages, expired idempotency keys and unanswered passkey challenges and security events past 180 days go too.
 * `stop` waits for a round in progress, so none of its queries outlives the pool.
 */
export function scheduleHousekeeping(
  log: FastifyBaseLogger,
  db: Db,
  sweepFiles: () => Promise<unknown>,
): { start(): void; stop(): Promise<void> } {
  const round = () =>
    purgeTrash(db)
      .then(
        (count) => count > 0 && log.info({ count }, 'purged itineraries from the trash'),
        (error: unknown) => log.warn({ err: error }, 'trash purge failed'),
      )
      .then(sweepFiles)
      .then(() => purgeContactMessages(db))
      .then(
        (count) => count > 0 && log.info({ count }, 'deleted old contact messages'),
        (error: unknown) => log.warn({ err: error }, 'contact message purge failed'),
      )
      .then(() => purgeExpiredKeys(db))
      .then(
        (count) => count > 0 && log.info({ count }, 'purged expired idempotency keys'),
        (error: unknown) => log.warn({ err: error }, 'idempotency key purge failed'),
      )
      .then(() => purgeExpiredPasskeyChallenges(db))
      .then(
        (count) => count > 0 && log.info({ count }, 'purged unanswered passkey challenges'),
        (error: unknown) => log.warn({ err: error }, 'passkey challenge purge failed'),
      )
      .then(() => purgeOldSecurityEvents(db))
      .then(
        (count) => count > 0 && log.info({ count }, 'deleted old security events'),
        (error: unknown) => log.warn({ err: error }, 'security event purge failed'),
      );
  let timer: NodeJS.Timeout | undefined;
  let inProgress: Promise<unknown> = Promise.resolve();
  const now = () => {
    inProgress = inProgress.then(round);
  };
  return {
    start() {
      now();
      timer = setInterval(now, HOUR_MS).unref();
    },
    async stop() {
      clearInterval(timer);
      await inProgress;
    },
  };
}
