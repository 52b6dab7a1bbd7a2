import { z } from 'zod';
import { optionalString, type Variables } from './variables';

/** The booking inbox's forwarding addresses (README, "The booking inbox"). */
export const inboxVariables = {
  INBOX_DOMAIN: optionalString.pipe(
    z
      .string()
      .regex(/^[a-z0-9.-]+\.[a-z]{2,}$|^localhost$/i, 'must be a mail domain (inbox.example.org)')
      .optional(),
  ),
  INBOX_SMTP_PORT: z.coerce
    .number('must be a port number')
    .int('must be a port number')
    .min(1, 'must be a port from 1 to 65535')
    .max(65535, 'must be a port from 1 to 65535')
    .optional(),
  INBOX_SMTP_HOST: optionalString,
  INBOX_IMAP_URL: optionalString.pipe(
    z.url({ protocol: /^imaps?$/, error: 'must be an imap:// or imaps:// address' }).optional(),
  ),
  INBOX_DNS_SERVERS: optionalString.pipe(
    z
      .string()
      .regex(
        /^[\w.:[\]-]+(,[\w.:[\]-]+)*$/,
        'must be DNS servers separated by commas (1.1.1.1,[2606:4700::1111]:53)',
      )
      .optional(),
  ),
  INBOX_KITINERARY_PATH: optionalString,
  INBOX_IMAP_POLL_SECONDS: z.coerce
    .number('must be a number of seconds')
    .int('must be a number of seconds')
    .min(5, 'must be at least 5')
    .default(60),
};
/** The inbox's variables, and the process's it falls back on (its host, the public address). */
type InboxVariables = Variables<typeof inboxVariables> & {
  HOST: string;
  PUBLIC_URL?: string | undefined;
};

/** The booking inbox: the forwarding addresses' domain, and how mail reaches it. */
export interface InboxConfig {
  /** Forwarding addresses are `<token>@<domain>` (IMAP: the mailbox's address plus the token). */
  domain: string;
  /** The built-in SMTP listener, for an MX pointed at it; unset: off. */
  smtp: { host: string; port: number } | undefined;
  /** A mailbox polled for mail sent to its plus-addresses; unset: off. */
  imap: { url: string; pollSeconds: number } | undefined;
  /** The DNS servers the sender checks ask (DKIM keys, SPF, DMARC); unset: the system's. */
  dnsServers: string[] | undefined;
  /** KItinerary's extractor; unset: where Debian's package puts it, when installed. */
  kitineraryPath: string | undefined;
}

export interface InboxPart {
  inbox: InboxConfig;
}

export function inboxConfigOf(values: InboxVariables): InboxPart {
  return {
    inbox: {
      domain: (values.INBOX_DOMAIN ?? baseHost(values.PUBLIC_URL)).toLowerCase(),
      smtp: values.INBOX_SMTP_PORT
        ? { host: values.INBOX_SMTP_HOST ?? values.HOST, port: values.INBOX_SMTP_PORT }
        : undefined,
      imap: values.INBOX_IMAP_URL
        ? { url: values.INBOX_IMAP_URL, pollSeconds: values.INBOX_IMAP_POLL_SECONDS }
        : undefined,
      dnsServers: values.INBOX_DNS_SERVERS?.split(','),
      kitineraryPath: values.INBOX_KITINERARY_PATH,
    },
  };
}

/** The host of the public address, the inbox's domain unless INBOX_DOMAIN names one. */
function baseHost(publicUrl: string | undefined): string {
  return publicUrl ? new URL(publicUrl).hostname : 'localhost';
}
