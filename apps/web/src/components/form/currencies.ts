import { displayNames } from '../../lib/intl';
/** Currencies travellers use most, offered first; any other ISO 4217 code can be searched. */
const COMMON = (
  'EUR USD GBP JPY CHF CAD AUD NZD CNY HKD SGD KRW THB INR IDR VND MYR PHP AED SAR QAR EGP ' +
  'MAD TND JOD TRY ILS ZAR KES MXN BRL ARS CLP COP PEN SEK NOK DKK ISK PLN CZK HUF RON BGN'
).split(' ');

export interface CurrencyOption {
  value: string;
  label: string;
}

/** Every currency as `EUR — Euro` in `language`, the common ones first. */
export function currencyOptions(language: string): CurrencyOption[] {
  const all =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : COMMON;
  const names = displayNames([language], { type: 'currency' });
  const rest = all.filter((code) => !COMMON.includes(code));
  return [...COMMON.filter((code) => all.includes(code)), ...rest].map((code) => ({
    value: code,
    label: `${code} — ${names.of(code) ?? code}`,
  }));
}
