import type { FastifyInstance } from 'fastify';
import type { InboxConfig } from '../../config';
import type { InboxDeps } from './inbox.service';
import { mailboxAddress } from './mailbox-address';

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
 * the IMAP poller) when the app is ready, and stops them when it closes. Their libraries
 * (smtp-server, imapflow, mailauth: over a second to load here) load then, and only when one
 * is on: most servers receive no mail, and every start would pay for them (issue 34).
 */
export function startMailIntake(app: FastifyInstance, deps: InboxDeps & { inbox: InboxConfig }) {
  const { inbox } = deps;
  if (!inbox.smtp && !inbox.imap) return;
  let stop: (() => Promise<unknown>) | undefined;
  app.addHook('onReady', async () => {
    const [{ dnsResolver }, { createInboxSmtp }, { createImapPoller }] = await Promise.all([
      import('./sender-check'),
      import('./smtp-listener'),
      import('./imap-poller'),
    ]);
    const mail = {
      ...deps,
      domain: inbox.domain,
      resolver: dnsResolver(inbox.dnsServers),
      kitineraryPath: inbox.kitineraryPath,
    };
    const smtp = inbox.smtp ? createInboxSmtp(mail, inbox.smtp, app.log) : undefined;
    const imap = inbox.imap ? createImapPoller(mail, inbox.imap, app.log) : undefined;
    stop = () => Promise.all([smtp?.close(), imap?.close()]);
    await smtp?.start();
    imap?.start();
  });
  app.addHook('preClose', async () => {
    await stop?.();
  });
}
