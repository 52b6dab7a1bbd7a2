import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import { INBOX_LIMITS } from '@jammy/shared/inbox';
import { AppError } from '../../lib/errors';
import { travellerOfToken } from './addresses.repository';
import { receiveMail, tokenOfRecipient, type MailDeps } from './mail-intake';

/**
 * The inbox's SMTP listener (INBOX_SMTP_PORT), for operators who point an MX record at Jammy:
 * it takes mail for `<token>@<INBOX_DOMAIN>` of an existing token only (550 for anyone else),
 * at most INBOX_LIMITS.uploadBytes a mail (552 beyond), without authentication (it is an MX,
 * not a relay: it never sends mail on), and turns each into an item of the token's traveller.
 * A traveller's inbox that is full or busy answers 452 (the sending server tries again later).
 */
export function createInboxSmtp(
  deps: MailDeps,
  listen: { host: string; port: number },
  logger: FastifyBaseLogger,
) {
  const server = new SMTPServer({
    name: deps.domain,
    banner: 'Jammy booking inbox',
    authOptional: true,
    disabledCommands: ['AUTH'],
    size: INBOX_LIMITS.uploadBytes,
    // The addresses are the whole of the routing: no relay, no open mail server.
    onRcptTo(address, _session, callback) {
      const token = tokenOfRecipient(address.address, deps.domain);
      const refuse = () => {
        const error = Object.assign(new Error('No such mailbox here'), { responseCode: 550 });
        callback(error);
      };
      if (!token) return refuse();
      travellerOfToken(deps.db, token).then(
        (traveller) => (traveller ? callback() : refuse()),
        (error: unknown) => {
          logger.warn({ err: error }, 'inbox SMTP: looking up a forwarding address failed');
          callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        },
      );
    },
    onData(stream: SMTPServerDataStream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          callback(Object.assign(new Error('The mail is too large'), { responseCode: 552 }));
          return;
        }
        const raw = Buffer.concat(chunks);
        const envelope = {
          ip: session.remoteAddress,
          helo: session.hostNameAppearsAs ?? null,
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
        };
        const tokens = session.envelope.rcptTo.flatMap(
          (recipient) => tokenOfRecipient(recipient.address, deps.domain) ?? [],
        );
        (async () => {
          for (const token of new Set(tokens)) await receiveMail(deps, token, raw, envelope);
        })().then(
          () => callback(),
          (error: unknown) => {
            const busy =
              error instanceof AppError && (error.status === 429 || error.status === 409);
            if (!busy) logger.error({ err: error }, 'inbox SMTP: a mail could not be kept');
            callback(
              Object.assign(
                new Error(busy ? 'The inbox cannot take more now' : 'Try again later'),
                {
                  responseCode: busy ? 452 : 451,
                },
              ),
            );
          },
        );
      });
    },
    logger: false,
  });
  server.on('error', (error) => logger.warn({ err: error }, 'inbox SMTP listener error'));
  return {
    start: () =>
      new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(listen.port, listen.host, () => {
          server.off('error', reject);
          resolve();
        });
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
