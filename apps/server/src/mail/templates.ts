import {
  DEFAULT_LANGUAGE,
  isLanguage,
  textDirection,
  type Language,
} from '@jammy/shared/languages';
import { escapeHtml } from '../lib/html';
import ar from './messages/ar.json';
import de from './messages/de.json';
import en from './messages/en.json';
import es from './messages/es.json';
import fr from './messages/fr.json';
import it from './messages/it.json';

export type MailMessages = typeof en;
export type MailKind =
  'verifyEmail' | 'resetPassword' | 'magicLink' | 'existingAccount' | 'changeEmail' | 'invitation';

const MESSAGES: Record<Language, MailMessages> = { en, it, fr, es, de, ar };

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** The messages of a language, the default one for an unknown or missing language. */
export function mailMessages(language: string | null | undefined): MailMessages {
  return MESSAGES[isLanguage(language) ? language : DEFAULT_LANGUAGE];
}

function interpolate(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');
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
  const messages = MESSAGES[language];
  const section = messages[kind];
  const values = { name: input.name?.trim() || messages.fallbackName, ...input.values };
  const greeting = interpolate(messages.greeting, values);
  const intro = interpolate(section.intro, values);
  const expiry = interpolate(section.expiry, values);
  const subject = interpolate(section.subject, values);

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

  const dir = textDirection(language);
  const align = dir === 'rtl' ? 'right' : 'left';
  const url = escapeHtml(input.url);
  const html = `<!doctype html>
<html lang="${language}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#fff4f8;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1b2b4b">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="padding:32px 12px">
    <tr><td align="center">
      <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:16px;padding:32px;text-align:${align}">
        <tr><td style="font-size:22px;font-weight:800;color:#c2255c;padding-bottom:16px">Jammy</td></tr>
        <tr><td style="font-size:16px;line-height:1.5;padding-bottom:8px">${escapeHtml(greeting)}</td></tr>
        <tr><td style="font-size:16px;line-height:1.5;padding-bottom:24px">${escapeHtml(intro)}</td></tr>
        <tr><td style="padding-bottom:24px"><a href="${url}" style="display:inline-block;background:#c2255c;color:#ffffff;text-decoration:none;font-weight:700;padding:12px 22px;border-radius:10px">${escapeHtml(section.action)}</a></td></tr>
        <tr><td style="font-size:14px;line-height:1.5;color:#4a5672;padding-bottom:8px">${escapeHtml(expiry)} ${escapeHtml(messages.ignore)}</td></tr>
        <tr><td style="font-size:12px;line-height:1.5;color:#4a5672;padding-bottom:16px">${escapeHtml(messages.buttonHint)}<br><a href="${url}" style="color:#a61e4d;word-break:break-all">${url}</a></td></tr>
        <tr><td style="font-size:14px;color:#4a5672">— ${escapeHtml(messages.signature)}</td></tr>
      </table>
    </td></tr>
  </table>
</body>
</html>`;

  return { subject, text, html };
}
