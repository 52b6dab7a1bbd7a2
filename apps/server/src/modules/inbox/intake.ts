import type { InboxOrigin } from '@jammy/shared/inbox';
import { AppError } from '../../lib/errors';
import { readCalendar } from '../imports/ics-import';
import { utf8Text } from '../imports/xml-import';
import { extraction as readers } from './extraction/load';
import type { Extraction } from './extraction/found';
import { kitineraryReservations } from './extraction/kitinerary';
import { proposalOf, proposalOfEvent } from './proposals';
import type { StoredProposal } from '../../db/schema/inbox';

/** What arrived, read: the extraction and its bookings as the item stores them. */
export interface Arrival {
  origin: InboxOrigin;
  fileName: string | null;
  extraction: Extraction;
  proposals: StoredProposal[];
}

/** Media types the upload takes; anything else is read by its first bytes. */
export const INBOX_MEDIA_TYPES = [
  'message/rfc822',
  'application/vnd.apple.pkpass',
  'application/pdf',
  'text/calendar',
  'text/plain',
  'application/octet-stream',
] as const;

function unsupported(): AppError {
  return new AppError(
    'request/unsupported-media-type',
    'The inbox takes mails (.eml), PDFs, wallet passes (.pkpass), calendars (.ics) and text',
  );
}

/**
 * Reads an uploaded file by its media type and first bytes: a mail, a wallet pass, a calendar
 * (through the imports' reader: 400 naming the line of a broken one), a PDF (its text and bar
 * codes; the PDF is kept), or text. 415 for anything else.
 */
export async function readUpload(
  mediaType: string,
  fileName: string | null,
  bytes: Uint8Array,
): Promise<Arrival> {
  const name = fileName ?? '';
  const arrival = (
    extraction: Extraction,
    proposals = extraction.reservations.map(proposalOf),
  ) => ({
    origin: 'upload' as const,
    fileName,
    extraction,
    proposals,
  });
  const pdf = String.fromCharCode(...bytes.subarray(0, 5)) === '%PDF-';
  if (pdf || mediaType === 'application/pdf') {
    if (!pdf) throw unsupported();
    return arrival(await (await readers()).extractPdf(bytes, name || 'document.pdf'));
  }
  if (mediaType === 'text/calendar' || /\.ics$/i.test(name)) {
    const calendar = readCalendar(utf8Text(bytes), null, null);
    const extraction = { ...(await readers()).emptyExtraction(), subject: calendar.name || null };
    return arrival(extraction, calendar.bookings.map(proposalOfEvent));
  }
  const { inboxFileKind, extractWalletPass, extractMail, extractText } = await readers();
  const kind = inboxFileKind(name, bytes);
  if (kind === 'wallet-pass') return arrival(await extractWalletPass(bytes));
  if (kind === 'mail' && (mediaType !== 'text/plain' || /\.eml$/i.test(name))) {
    return arrival(await extractMail(bytes));
  }
  if (kind === 'mail' || kind === 'text') {
    return arrival(await extractText(new TextDecoder().decode(bytes)));
  }
  throw unsupported();
}

/** Pasted text: boarding-pass data and the clues of the text. */
export async function readPaste(text: string): Promise<Arrival> {
  const extraction = await (await readers()).extractText(text);
  return {
    origin: 'paste',
    fileName: null,
    extraction,
    proposals: extraction.reservations.map(proposalOf),
  };
}

/**
 * What Jammy's own readers found nothing in goes to KItinerary, when it is installed: its
 * reservations become the arrival's proposals (a calendar and pasted text aside: KItinerary
 * reads documents).
 */
export async function withKitinerary(
  arrival: Arrival,
  bytes: Uint8Array,
  kitinerary: string | undefined,
): Promise<Arrival> {
  if (arrival.proposals.length > 0) return arrival;
  const found = await kitineraryReservations(bytes, arrival.extraction.sentAt, kitinerary);
  if (found.length === 0) return arrival;
  return { ...arrival, proposals: found.map(proposalOf) };
}
