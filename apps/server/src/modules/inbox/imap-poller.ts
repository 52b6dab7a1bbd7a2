import type { FastifyBaseLogger } from 'fastify';
import { ImapFlow } from 'imapflow';
import { AppError } from '../../lib/errors';
import { receiveMail, tokenOfPlusAddress, type MailDeps } from './mail-intake';
import { mailboxAddress } from './mailbox-address';

/**
 * Polls the mailbox of INBOX_IMAP_URL (imapflow) every INBOX_IMAP_POLL_SECONDS, for operators
 * without an MX of their own: each unseen mail to one of its plus-addresses becomes an item of
 * that token's traveller, with the same sender checks as the SMTP listener (the mailbox's
 * server's Received line standing for the envelope), and is then marked seen. A mail the
 * traveller's inbox cannot take now (full, busy) stays unseen for the next poll.
 */
export function createImapPoller(
  deps: MailDeps,
  imap: { url: string; pollSeconds: number },
  logger: FastifyBaseLogger,
) {
  const url = new URL(imap.url);
  const mailbox = mailboxAddress(imap.url, deps.domain);
  const folder = decodeURIComponent(url.pathname.replace(/^\//, '')) || 'INBOX';
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<void> | undefined;

  async function pollOnce(): Promise<void> {
    const client = new ImapFlow({
      host: url.hostname,
      port: Number(url.port) || (url.protocol === 'imaps:' ? 993 : 143),
      secure: url.protocol === 'imaps:',
      auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
      logger: false,
    });
    await client.connect();
    try {
      const lock = await client.getMailboxLock(folder);
      try {
        // Fetched first, handled after: imapflow takes no other command during a fetch.
        const unseen = await client.fetchAll(
          { seen: false },
          { uid: true, envelope: true, source: true },
        );
        for (const message of unseen) {
          const recipients = [
            ...(message.envelope?.to ?? []),
            ...(message.envelope?.cc ?? []),
          ].flatMap((address) => (address.address ? [address.address] : []));
          const tokens = new Set(
            recipients.flatMap((address) => tokenOfPlusAddress(address, mailbox) ?? []),
          );
          try {
            for (const token of tokens) {
              if (message.source) await receiveMail(deps, token, message.source, null);
            }
          } catch (error) {
            if (error instanceof AppError && (error.status === 429 || error.status === 409))
              continue;
            throw error;
          }
          await client.messageFlagsAdd(String(message.uid), ['\\Seen'], { uid: true });
        }
      } finally {
        lock.release();
      }
    } finally {
      await client.logout().catch(() => undefined);
    }
  }

  function poll() {
    polling ??= pollOnce()
      .catch((error: unknown) =>
        logger.warn({ err: error }, 'inbox IMAP: polling the mailbox failed'),
      )
      .finally(() => {
        polling = undefined;
      });
    return polling;
  }

  return {
    start() {
      void poll();
      timer = setInterval(() => void poll(), imap.pollSeconds * 1000);
      timer.unref();
    },
    async close() {
      clearInterval(timer);
      await polling;
    },
  };
}
