import { escapeHtml } from '../../lib/html';
import type { MailMessage } from '../../mail/mailer';
import { mailMessages } from '../../mail/templates';
import type { ContactMessageRow } from './contact.repository';

function paragraphsHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

/** The mail that tells the people running the installation of a new message. */
export function operatorMail(row: ContactMessageRow, to: string[], baseUrl: URL): MailMessage {
  const answerAt = new URL('/account#contact', baseUrl).toString();
  const text = [
    `${row.name} <${row.email}> wrote (topic: ${row.topic}, language: ${row.language}):`,
    '',
    row.message,
    '',
    `Answer and mark it handled at ${answerAt}`,
  ].join('\n');
  return {
    to: to.join(', '),
    replyTo: row.email,
    subject: `[Jammy contact] ${row.topic}: ${row.name}`,
    text,
    html: paragraphsHtml(text),
  };
}

/** An admin's answer to a message, in the writer's language, quoting what they wrote. */
export function replyMail(message: ContactMessageRow, body: string): MailMessage {
  const words = mailMessages(message.language).contactReply;
  const quoted = message.message
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  const text = [body, '', words.youWrote, quoted].join('\n');
  return {
    to: message.email,
    subject: words.subject,
    text,
    html: `${paragraphsHtml(body)}\n<p>${escapeHtml(words.youWrote)}</p>\n<blockquote>${paragraphsHtml(message.message)}</blockquote>`,
  };
}
