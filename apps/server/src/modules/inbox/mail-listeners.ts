import type { FastifyInstance } from 'fastify';
import type { InboxConfig } from '../../config';
import type { InboxDeps } from './inbox.service';
import { createImapPoller, mailboxAddress } from './imap-poller';
import { dnsResolver } from './sender-check';
import { createInboxSmtp } from './smtp-listener';

/** A traveller's forwarding address: on the SMTP domain, else the polled mailbox's plus-address. */
export function forwardingAddress(inbox: InboxConfig, token: string): string {
  if (!inbox.smtp && inbox.imap) {
    const [local, host] = mailboxAddress(inbox.imap.url, inbox.domain).split('@');
    return `${local}+${token}@${host}`;
  }
  return `${token}@${inbox.domain}`;
}

/**
 * Starts the ways mail reaches the inbox that the configuration turns on (the SMTP listener,
 * the IMAP poller) when the app is ready, and stops them when it closes.
 */
export function startMailIntake(app: FastifyInstance, deps: InboxDeps & { inbox: InboxConfig }) {
  const { inbox } = deps;
  const mail = {
    ...deps,
    domain: inbox.domain,
    resolver: dnsResolver(inbox.dnsServers),
    kitineraryPath: inbox.kitineraryPath,
  };
  const smtp = inbox.smtp ? createInboxSmtp(mail, inbox.smtp, app.log) : undefined;
  const imap = inbox.imap ? createImapPoller(mail, inbox.imap, app.log) : undefined;
  app.addHook('onReady', async () => {
    await smtp?.start();
    imap?.start();
  });
  app.addHook('preClose', async () => {
    await Promise.all([smtp?.close(), imap?.close()]);
  });
}
