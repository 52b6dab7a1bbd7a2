import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Temporal } from 'temporal-polyfill';
import { it } from 'vitest';
import { extractMail, extractPdf, extractText, extractWalletPass, inboxFileKind } from './extract';
import type { DraftValues, Extraction, FoundReservation } from './found';

/**
 * The corpus (`../corpus/`): mails, passes and texts written for these tests from the public
 * schema.org and mail-markup documentation and Apple's PassKit format. Each corpus test file
 * names its files with what must be read from them.
 */
export const CORPUS = fileURLToPath(new URL('../corpus/', import.meta.url));
export const NOW = Temporal.Instant.from('2027-03-15T12:00:00Z');

export async function read(name: string): Promise<Extraction> {
  const bytes = readFileSync(`${CORPUS}${name}`);
  if (name.endsWith('.pdf')) return extractPdf(bytes, name, NOW);
  const kind = inboxFileKind(name, bytes);
  if (kind === 'mail') return extractMail(bytes, NOW);
  if (kind === 'wallet-pass') return extractWalletPass(bytes, NOW);
  if (kind === 'text') return extractText(bytes.toString('utf8'), NOW);
  throw new Error(`${name} is not read by the inbox`);
}

export function values(reservation: FoundReservation | undefined): Partial<DraftValues> {
  return Object.fromEntries(
    Object.entries(reservation?.fields ?? {}).map(([key, found]) => [key, found.value]),
  );
}

export function sourceOf(reservation: FoundReservation | undefined, field: keyof DraftValues) {
  const found = reservation?.fields[field];
  return found ? `${found.source.kind} ${found.source.at}` : null;
}

/** A test of one corpus file. */
export function corpus(name: string, check: (extraction: Extraction) => void | Promise<void>) {
  it(name, async () => {
    await check(await read(name));
  });
}
