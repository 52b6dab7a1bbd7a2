/**
 * The mailbox's own address (its user name when that is an address, else the user at the
 * inbox's domain): forwarding addresses are its plus-addresses.
 */
export function mailboxAddress(url: string, domain: string): string {
  const user = decodeURIComponent(new URL(url).username);
  return user.includes('@') ? user.toLowerCase() : `${user.toLowerCase()}@${domain}`;
}
