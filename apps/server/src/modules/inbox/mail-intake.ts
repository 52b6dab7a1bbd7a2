import type { DNSResolver } from 'mailauth';
import { extraction as readers } from './extraction/load';
import { proposalOf } from './proposals';
import { travellerOfToken } from './addresses.repository';
import { receive, type InboxDeps } from './inbox.service';
import { withKitinerary } from './intake';
import type { InboxItemRow } from './inbox.repository';
import { checkSender, type Envelope } from './sender-check';

/** What mail intake needs beyond the inbox's own deps: the domain, and DNS for the checks. */
export interface MailDeps extends InboxDeps {
  domain: string;
  resolver: DNSResolver;
  /** INBOX_KITINERARY_PATH, when set. */
  kitineraryPath: string | undefined;
}

const TOKEN = /^[a-z2-7]{16}$/;

/** The forwarding token of a recipient `<token>@<domain>`, or null for any other address. */
export function tokenOfRecipient(address: string, domain: string): string | null {
  const [local = '', host = ''] = address.toLowerCase().split('@');
  return host === domain && TOKEN.test(local) ? local : null;
}

/**
 * The token of a polled mailbox's plus-address (`trips+<token>@example.org` for the mailbox
 * `trips@example.org`), or null.
 */
export function tokenOfPlusAddress(address: string, mailbox: string): string | null {
  const [local = '', host = ''] = address.toLowerCase().split('@');
  const [mailboxLocal = '', mailboxHost = ''] = mailbox.toLowerCase().split('@');
  const [base, token] = local.split('+');
  return host === mailboxHost && base === mailboxLocal && token && TOKEN.test(token) ? token : null;
}

/**
 * A mail to a forwarding token: read, its sender checked, and kept as an item of the token's
 * traveller (null: no traveller has this token, the mail is refused). A sender the checks do not
 * vouch for is kept aside, with the reason.
 */
export async function receiveMail(
  deps: MailDeps,
  token: string,
  raw: Buffer,
  envelope: Envelope | null,
): Promise<InboxItemRow | null> {
  const traveller = await travellerOfToken(deps.db, token);
  if (!traveller) return null;
  const extraction = await (await readers()).extractMail(raw);
  const sender = await checkSender(raw, extraction.from, traveller.verifiedSenders, envelope, {
    mta: deps.domain,
    resolver: deps.resolver,
  });
  const arrival = await withKitinerary(
    {
      origin: 'mail',
      fileName: null,
      extraction,
      proposals: extraction.reservations.map(proposalOf),
    },
    raw,
    deps.kitineraryPath,
  );
  return receive(deps, traveller.userId, arrival, sender);
}
