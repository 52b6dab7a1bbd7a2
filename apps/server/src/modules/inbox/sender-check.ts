import { Resolver } from 'node:dns/promises';
import type { SenderCheck } from '@jammy/shared/inbox';
import { authenticate, type DNSResolver } from 'mailauth';

/**
 * Whether a mail to a forwarding address is believed: its From is one of the traveller's
 * verified addresses, and DKIM, SPF and DMARC (mailauth) vouch for it. DMARC passing is enough
 * (an aligned DKIM signature or SPF); without a DMARC record, an aligned DKIM signature must
 * pass. Anything else is kept aside with the reason: shown to the traveller, never applied.
 */

export interface SenderVerdict {
  check: Exclude<SenderCheck, 'traveller'>;
  reason: string | null;
}

/** The SMTP envelope, when the mail came through the listener; IMAP mail has only headers. */
export interface Envelope {
  ip: string | null;
  helo: string | null;
  mailFrom: string | null;
}

/** DNS look-ups through `servers` (host or host:port), or the system's resolver. */
export function dnsResolver(servers: string[] | undefined): DNSResolver {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (servers) resolver.setServers(servers);
  return (name, rrtype) => {
    if (rrtype === 'TXT') return resolver.resolveTxt(name);
    if (rrtype === 'MX')
      return resolver.resolveMx(name).then((rows) => rows.map((row) => row.exchange));
    return resolver.resolve(name, rrtype) as Promise<string[]>;
  };
}

export async function checkSender(
  raw: Buffer,
  from: string | null,
  verifiedSenders: readonly string[],
  envelope: Envelope | null,
  options: { mta: string; resolver: DNSResolver },
): Promise<SenderVerdict> {
  if (!from || !verifiedSenders.includes(from.toLowerCase())) {
    return { check: 'kept-aside', reason: 'not from one of your verified addresses' };
  }
  const result = await authenticate(raw, {
    ...(envelope
      ? {
          ip: envelope.ip ?? undefined,
          helo: envelope.helo ?? undefined,
          sender: envelope.mailFrom ?? undefined,
        }
      : // Mail read from a mailbox: its own server's Received line says where it came from.
        { trustReceived: true }),
    mta: options.mta,
    resolver: options.resolver,
    disableArc: true,
    disableBimi: true,
  });
  const dmarc = result.dmarc ? result.dmarc.status.result : 'none';
  const dkim = result.dkim.results.find((entry) => entry.status.result === 'pass');
  const aligned = result.dkim.results.some(
    (entry) => entry.status.result === 'pass' && entry.status.aligned,
  );
  if (dmarc === 'pass' || (dmarc === 'none' && aligned)) return { check: 'verified', reason: null };
  const spf = result.spf ? result.spf.status.result : 'none';
  return {
    check: 'kept-aside',
    reason: `the sender could not be verified (DKIM: ${dkim ? 'pass' : (result.dkim.results[0]?.status.result ?? 'none')}, SPF: ${spf}, DMARC: ${dmarc})`,
  };
}
