import { convert } from 'html-to-text';
import { simpleParser, type Attachment } from 'mailparser';
import { Temporal } from 'temporal-polyfill';
import { cleanText } from '../../imports/import-text';
import { boardingPassFlights, looksLikeBoardingPass } from './boarding-pass';
import { readPdf } from './pdf';
import type { Extraction, FoundReservation } from './found';
import { reservationsOf } from './reservations';
import { readStructuredData } from './structured-data';
import { textClues } from './text-clues';
import { walletPassReservations } from './wallet-pass';

/**
 * The inbox's reading of what arrives: a mail (`.eml`, as forwarded or uploaded), a wallet
 * pass, or pasted text. In order: schema.org reservations in the mail's HTML; its attachments
 * (wallet passes, forwarded mails); boarding-pass data in the text; and always the text with
 * the clues a traveller needs to make a booking by hand. Pure: no network, no storage, no
 * clock but the one given.
 */

/** Text kept with an item: enough for any confirmation, bounded for the review page. */
export const MOST_TEXT = 20_000;
/** Forwarded mails inside mails are read this deep. */
const MOST_NESTING = 2;
/** Attachments read from one mail. */
const MOST_ATTACHMENTS = 20;

export type InboxFileKind = 'mail' | 'wallet-pass' | 'text';

/** An extraction that found nothing yet. */
export function emptyExtraction(): Extraction {
  return {
    from: null,
    subject: null,
    sentAt: null,
    text: '',
    reservations: [],
    clues: { dates: [], times: [], codes: [], airports: [] },
    problems: [],
    files: [],
  };
}

/** Attachments kept with an item: what the storage keeps (PDFs and the usual pictures). */
const KEPT_TYPES = new Set(['application/pdf', 'image/jpeg', 'image/png', 'image/webp']);

function dayOf(instant: Date | null | undefined, now: Temporal.Instant): Temporal.PlainDate {
  const at =
    instant && !Number.isNaN(instant.getTime())
      ? Temporal.Instant.fromEpochMilliseconds(instant.getTime())
      : now;
  return at.toZonedDateTimeISO('UTC').toPlainDate();
}

/** Boarding-pass data written as text (a scanner app's output pasted, a mail's line). */
async function boardingPassesIn(
  text: string,
  day: Temporal.PlainDate,
): Promise<FoundReservation[]> {
  const found: FoundReservation[] = [];
  // The raw text: BCBP data is fixed-width, and cleaning would fold its runs of spaces.
  const lines = text.slice(0, MOST_TEXT).split(/\r?\n/);
  for (const [index, line] of lines.entries()) {
    if (!looksLikeBoardingPass(line)) continue;
    found.push(...((await boardingPassFlights(line, day, `line ${index + 1}`)) ?? []));
  }
  return found;
}

/**
 * The text of an HTML-only mail, without the addresses of its links and images: the kept text
 * is shown as text, and nothing in it is followed or fetched.
 */
function htmlText(html: string | false | undefined): string {
  if (!html) return '';
  try {
    return convert(html, {
      wordwrap: false,
      limits: { maxDepth: 100 },
      selectors: [
        { selector: 'a', options: { ignoreHref: true } },
        { selector: 'img', format: 'skip' },
      ],
    });
  } catch {
    return '';
  }
}

function isWalletPass(attachment: Attachment): boolean {
  return (
    attachment.contentType === 'application/vnd.apple.pkpass' ||
    /\.pkpass$/i.test(attachment.filename ?? '')
  );
}

async function readMail(
  bytes: Uint8Array,
  now: Temporal.Instant,
  depth: number,
): Promise<Extraction> {
  const result = emptyExtraction();
  let mail;
  try {
    mail = await simpleParser(Buffer.from(bytes), {
      skipHtmlToText: true,
      skipImageLinks: true,
      skipTextLinks: true,
    });
  } catch {
    result.problems.push('mail: not a readable message');
    return result;
  }
  result.from = mail.from?.value[0]?.address?.toLowerCase() || null;
  result.subject = mail.subject ? cleanText(mail.subject, 300) : null;
  result.sentAt = mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date.toISOString() : null;
  const day = dayOf(mail.date, now);
  result.text = cleanText(mail.text || htmlText(mail.html), MOST_TEXT, true);
  if (typeof mail.html === 'string') {
    const { items, problems } = readStructuredData(mail.html);
    result.problems.push(...problems);
    result.reservations.push(...(await reservationsOf(items)));
  }
  for (const attachment of mail.attachments.slice(0, MOST_ATTACHMENTS)) {
    const name = attachment.filename ?? attachment.contentType;
    if (isWalletPass(attachment)) {
      const pass = await walletPassReservations(attachment.content, day);
      result.reservations.push(...pass.reservations);
      if (pass.problem) result.problems.push(`${name}: ${pass.problem}`);
    } else if (KEPT_TYPES.has(attachment.contentType)) {
      if (attachment.contentType === 'application/pdf') {
        const pdf = await readPdf(attachment.content, day);
        result.reservations.push(...pdf.reservations);
        result.problems.push(...pdf.problems.map((problem) => `${name}: ${problem}`));
        if (!mail.text && !mail.html) result.text ||= cleanText(pdf.text, MOST_TEXT, true);
      }
      result.files.push({
        name: cleanText(attachment.filename ?? '', 200) || attachment.contentType.replace('/', '.'),
        contentType: attachment.contentType,
        bytes: attachment.content,
      });
    } else if (attachment.contentType === 'message/rfc822' && depth < MOST_NESTING) {
      const inner = await readMail(attachment.content, now, depth + 1);
      result.reservations.push(...inner.reservations);
      result.problems.push(...inner.problems);
      result.files.push(...inner.files);
      if (!result.text) result.text = inner.text;
    }
  }
  result.reservations.push(...(await boardingPassesIn(mail.text ?? '', day)));
  result.clues = await textClues(result.text);
  return result;
}

/** Reads a mail as sent (RFC 5322 bytes: an `.eml` file, or what the SMTP listener received). */
export function extractMail(bytes: Uint8Array, now = Temporal.Now.instant()): Promise<Extraction> {
  return readMail(bytes, now, 0);
}

/** Reads pasted text: boarding-pass data and clues; the text is kept as typed. */
export async function extractText(text: string, now = Temporal.Now.instant()): Promise<Extraction> {
  const result = emptyExtraction();
  result.text = cleanText(text, MOST_TEXT, true);
  result.reservations = await boardingPassesIn(text, dayOf(null, now));
  result.clues = await textClues(result.text);
  return result;
}

/** Reads a PDF ticket: its text, its bar codes, and the clues of its text; the PDF is kept. */
export async function extractPdf(
  bytes: Uint8Array,
  name: string,
  now = Temporal.Now.instant(),
): Promise<Extraction> {
  const result = emptyExtraction();
  const day = dayOf(null, now);
  const pdf = await readPdf(bytes, day);
  result.text = cleanText(pdf.text, MOST_TEXT, true);
  result.reservations = [...pdf.reservations, ...(await boardingPassesIn(pdf.text, day))];
  result.problems = pdf.problems;
  result.clues = await textClues(result.text);
  result.files = [{ name, contentType: 'application/pdf', bytes }];
  return result;
}

/** Reads an Apple Wallet pass (`.pkpass`). */
export async function extractWalletPass(
  bytes: Uint8Array,
  now = Temporal.Now.instant(),
): Promise<Extraction> {
  const result = emptyExtraction();
  const pass = await walletPassReservations(bytes, dayOf(null, now));
  result.reservations = pass.reservations;
  if (pass.problem) result.problems.push(pass.problem);
  return result;
}

/**
 * What a file is, from its first bytes and its name: a zip is a wallet pass, a text with mail
 * headers a mail, other UTF-8 text is text; null for anything else (an image, a PDF here).
 */
export function inboxFileKind(name: string, bytes: Uint8Array): InboxFileKind | null {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04)
    return 'wallet-pass';
  let head: string;
  try {
    head = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, 4096));
  } catch {
    // A cut in the middle of a character at 4096 bytes is still text.
    const lenient = new TextDecoder('utf-8').decode(bytes.subarray(0, 4096));
    if (lenient.slice(0, -1).includes('\uFFFD')) return null;
    head = lenient;
  }
  if (/^\s*%PDF-/.test(head)) return null;
  if (
    /\.eml$/i.test(name) ||
    (/^(?:[\w-]+:[^\n]*\r?\n(?:[ \t][^\n]*\r?\n)*)+/.test(head) &&
      /^(from|received|date|subject|message-id|mime-version|return-path|delivered-to):/im.test(
        head,
      ))
  ) {
    return 'mail';
  }
  return 'text';
}
