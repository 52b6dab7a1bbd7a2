import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { createTransport, Transporter } from 'nodemailer';
import { uuidv7 } from 'uuidv7';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where an answer goes (the sender of a contact message). */
  replyTo?: string;
}

/** Sends mail: through SMTP when SMTP_URL is set, else into the outbox folder. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

/**
 * A nodemailer transport made with the first mail rather than at start: nodemailer takes a
 * fifth of a second to load, and a server may send no mail for a long while.
 */
function lazyTransport(options: Parameters<typeof createTransport>[0]): () => Promise<Transporter> {
  let transport: Promise<Transporter> | undefined;
  return () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(options),
    ));
}

/** Mail through an SMTP server (SMTP_URL), from MAIL_FROM. */
export function smtpMailer(smtpUrl: string, from: string, logger: FastifyBaseLogger): Mailer {
  const transport = lazyTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      await (await transport()).sendMail({ from, ...message });
      logger.info({ to: message.to, subject: message.subject }, 'mail sent');
    },
  };
}

/**
 * Mail written as .eml files to DATA_DIR/outbox when no SMTP server is configured; the
 * links are logged so a self-hoster can act on them, and admins can read the outbox.
 */
export function outboxMailer(outboxDir: string, from: string, logger: FastifyBaseLogger): Mailer {
  const builder = lazyTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await (await builder()).sendMail({ from, ...message });
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${uuidv7()}.eml`);
      await writeFile(file, info.message, { mode: 0o600 });
      const links = [...message.text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]);
      logger.info(
        { to: message.to, subject: message.subject, links, file },
        'mail written to the outbox (no SMTP_URL configured)',
      );
    },
  };
}
