import {
  DEFAULT_LANGUAGE,
  isLanguage,
  textDirection,
  type Language,
} from '@jammy/shared/languages';
import { formatMessage } from '@jammy/shared/icu';
import { LOCALE_MESSAGES, type LocaleMessages } from '@jammy/shared/locale-messages';
import { escapeHtml } from '../lib/html';

/** The mails' and SMS' messages: the `mail` namespace of each language's messages file. */
export type MailMessages = LocaleMessages['mail'];
export type MailKind =
  'verifyEmail' | 'resetPassword' | 'magicLink' | 'existingAccount' | 'changeEmail' | 'invitation';

const mailOf = (language: Language): MailMessages => LOCALE_MESSAGES[language].mail;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** The messages of a language, the default one for an unknown or missing language. */
export function mailMessages(language: string | null | undefined): MailMessages {
  return mailOf(isLanguage(language) ? language : DEFAULT_LANGUAGE);
}

/** A message (ICU MessageFormat) with its {placeholders} filled in, in `language`. */
export function interpolate(
  template: string,
  values: Record<string, string>,
  language: Language,
): string {
  return formatMessage(template, values, language);
}

/**
 * A transactional mail with one call to action, as plain text and as HTML, in the
 * recipient's language (right to left for Arabic).
 */
export function renderMail(
  kind: MailKind,
  input: {
    language: string | null | undefined;
    name: string | null | undefined;
    url: string;
    values?: Record<string, string>;
  },
): RenderedMail {
  const language = isLanguage(input.language) ? input.language : DEFAULT_LANGUAGE;
  const messages = mailOf(language);
  const section = messages[kind];
  const values = { name: input.name?.trim() || messages.fallbackName, ...input.values };
  const greeting = interpolate(messages.greeting, values, language);
  const intro = interpolate(section.intro, values, language);
  const expiry = interpolate(section.expiry, values, language);
  const subject = interpolate(section.subject, values, language);

  const text = [
    greeting,
    '',
    intro,
    '',
    `${section.action}: ${input.url}`,
    '',
    expiry,
    messages.ignore,
    '',
    `— ${messages.signature}`,
  ].join('\n');

  const url = escapeHtml(input.url);
  const html = page(language, subject, [
    `<tr><td style="font-size:16px;line-height:1.5;padding-bottom:8px">${escapeHtml(greeting)}</td></tr>`,
    `<tr><td style="font-size:16px;line-height:1.5;padding-bottom:24px">${escapeHtml(intro)}</td></tr>`,
    button(section.action, input.url),
    `<tr><td style="font-size:14px;line-height:1.5;color:#4a5672;padding-bottom:8px">${escapeHtml(expiry)} ${escapeHtml(messages.ignore)}</td></tr>`,
    `<tr><td style="font-size:12px;line-height:1.5;color:#4a5672;padding-bottom:16px">${escapeHtml(messages.buttonHint)}<br><a href="${url}" style="color:#a61e4d;word-break:break-all">${url}</a></td></tr>`,
    signatureRow(messages),
  ]);

  return { subject, text, html };
}

/** The frame every mail's HTML shares: Jammy's name over a white card, in the mail's language. */
function page(language: Language, subject: string, rows: readonly string[]): string {
  const dir = textDirection(language);
  const align = dir === 'rtl' ? 'right' : 'left';
  return `<!doctype html>
<html lang="${language}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#fff4f8;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1b2b4b">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="padding:32px 12px">
    <tr><td align="center">
      <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:16px;padding:32px;text-align:${align}">
        <tr><td style="font-size:22px;font-weight:800;color:#c2255c;padding-bottom:16px">Jammy</td></tr>
${rows.map((row) => `        ${row}`).join('\n')}
      </table>
    </td></tr>
  </table>
</body>
</html>`;
}

function button(label: string, href: string): string {
  return `<tr><td style="padding-bottom:24px"><a href="${escapeHtml(href)}" style="display:inline-block;background:#c2255c;color:#ffffff;text-decoration:none;font-weight:700;padding:12px 22px;border-radius:10px">${escapeHtml(label)}</a></td></tr>`;
}

function signatureRow(messages: MailMessages): string {
  return `<tr><td style="font-size:14px;color:#4a5672">— ${escapeHtml(messages.signature)}</td></tr>`;
}

function paragraphRow(text: string): string {
  return `<tr><td style="font-size:16px;line-height:1.5;padding-bottom:16px">${escapeHtml(text)}</td></tr>`;
}

/** A line of a notice: a label and its value (an order line and its price, a total). */
export interface NoticeLine {
  label: string;
  value: string;
  /** The line that sums up the others (a total). */
  strong?: boolean;
}

/**
 * A notice in the recipient's language (an order received, paid or refunded): paragraphs,
 * lines of labels and values, named links, then one call to action, as plain text and HTML.
 * Every text is already in the recipient's language; only the greeting and signature are
 * added here.
 */
export function renderNotice(input: {
  language: Language;
  name: string | null | undefined;
  subject: string;
  intro: readonly string[];
  lines?: readonly NoticeLine[];
  links?: readonly { label: string; url: string }[];
  outro?: readonly string[];
  action: { label: string; url: string };
}): RenderedMail {
  const messages = mailOf(input.language);
  const greeting = interpolate(
    messages.greeting,
    { name: input.name?.trim() || messages.fallbackName },
    input.language,
  );
  const lines = input.lines ?? [];
  const links = input.links ?? [];
  const outro = input.outro ?? [];
  const text = [
    greeting,
    ...input.intro,
    lines.map((line) => `${line.label}: ${line.value}`).join('\n'),
    links.map((link) => `${link.label}: ${link.url}`).join('\n'),
    ...outro,
    `${input.action.label}: ${input.action.url}`,
    `— ${messages.signature}`,
  ]
    .filter((paragraph) => paragraph !== '')
    .join('\n\n');

  const end = textDirection(input.language) === 'rtl' ? 'left' : 'right';
  const lineRows = lines.map(
    (line) =>
      `<tr><td style="padding:6px 0;border-top:1px solid #f0e3ea${line.strong ? ';font-weight:700' : ''}">${escapeHtml(line.label)}</td>` +
      `<td style="padding:6px 0;border-top:1px solid #f0e3ea;text-align:${end};white-space:nowrap${line.strong ? ';font-weight:700' : ''}">${escapeHtml(line.value)}</td></tr>`,
  );
  const html = page(input.language, input.subject, [
    `<tr><td style="font-size:16px;line-height:1.5;padding-bottom:8px">${escapeHtml(greeting)}</td></tr>`,
    ...input.intro.map(paragraphRow),
    ...(lines.length > 0
      ? [
          `<tr><td style="padding-bottom:16px"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-size:15px;line-height:1.4">${lineRows.join('')}</table></td></tr>`,
        ]
      : []),
    ...links.map(
      (link) =>
        `<tr><td style="font-size:16px;line-height:1.5;padding-bottom:8px"><a href="${escapeHtml(link.url)}" style="color:#a61e4d;font-weight:700">${escapeHtml(link.label)}</a></td></tr>`,
    ),
    ...outro.map(paragraphRow),
    button(input.action.label, input.action.url),
    signatureRow(messages),
  ]);
  return { subject: input.subject, text, html };
}
