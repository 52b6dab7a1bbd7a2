import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One mail as the test SMTP server received and parsed it. */
export interface ReceivedMail {
  /** Envelope recipients, lower-cased. */
  to: string[];
  /** Envelope sender. */
  from: string;
  /** The From header as written. */
  fromHeader: string;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link of the plain-text part, in order. */
  links: string[];
}

export interface TestSmtpServer {
  /** SMTP_URL for the app: smtp://127.0.0.1:PORT. */
  url: string;
  /** Every mail received so far, oldest first. */
  messages: ReceivedMail[];
  /** The mails received so far for one address. */
  messagesTo(to: string): ReceivedMail[];
  /**
   * The first mail to `to` (matching `predicate`) that no earlier call returned, waiting up
   * to `timeoutMs` for it to arrive.
   */
  waitForMail(
    to: string,
    predicate?: (mail: ReceivedMail) => boolean,
    timeoutMs?: number,
  ): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** The http(s) links of a text, in order. */
export function linksOf(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((match) => match[0]);
}

/**
 * A real SMTP server on a free loopback port (no TLS, no authentication) that keeps every
 * mail it receives, parsed with mailparser.
 */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const text = parsed.text ?? '';
          messages.push({
            to: session.envelope.rcptTo.map((address) => address.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            fromHeader: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            text,
            html: typeof parsed.html === 'string' ? parsed.html : '',
            links: linksOf(text),
          });
          for (const wake of waiters) wake();
          callback();
        })
        .catch((error: unknown) =>
          callback(error instanceof Error ? error : new Error(String(error))),
        );
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  const messagesTo = (to: string) => messages.filter((mail) => mail.to.includes(to.toLowerCase()));

  async function waitForMail(
    to: string,
    predicate: (mail: ReceivedMail) => boolean = () => true,
    timeoutMs = 5_000,
  ): Promise<ReceivedMail> {
    const find = () => messagesTo(to).find((mail) => !taken.has(mail) && predicate(mail));
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = find();
      if (found) {
        taken.add(found);
        return found;
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        const seen = messagesTo(to).map((mail) => mail.subject);
        throw new Error(
          `No new mail to ${to} within ${timeoutMs} ms (seen: ${JSON.stringify(seen)})`,
        );
      }
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, left);
        waiters.add(wake);
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    messagesTo,
    waitForMail,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
