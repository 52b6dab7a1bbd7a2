import type * as Readers from './extract';

/**
 * The readers of what arrives (mail, PDFs, passes, text), loaded with the first item: their
 * libraries (mailparser, sharp, pdf.js, the HTML parsers) are rare work that a start of the
 * server need not load (docs/decisions/041; startup.integration.test.ts checks it).
 */
let loading: Promise<typeof Readers> | undefined;

export function extraction(): Promise<typeof Readers> {
  loading ??= import('./extract');
  return loading;
}
