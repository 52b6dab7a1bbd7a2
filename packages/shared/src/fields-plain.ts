// The part of fields.ts without zod (money in minor units, the length of an address): the web
// app formats amounts on many pages and must not load the schemas for that. fields.ts
// re-exports all of it. Amounts a person types are read by amount.ts.

/** The ISO 4217 exponent of a currency: 2 for EUR (cents), 0 for JPY, 3 for KWD. */
export function currencyExponent(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/** Amounts are integers of the currency's minor unit (cents), never floats. */
export const MAX_AMOUNT_MINOR = 999_999_999_999;

/** Minor units (1250) to the major amount (12.5), for display with Intl. */
export function fromMinorUnits(minor: number, currency: string): number {
  return minor / 10 ** currencyExponent(currency);
}

/** An http(s) address of at most this many characters. */
export const WEB_URL_MAX_LENGTH = 2048;
