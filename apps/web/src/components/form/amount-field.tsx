import {
  exampleAmount,
  parseAmount,
  type AmountProblem,
  type ParsedAmount,
} from '@jammy/shared/amount';
import { MAX_AMOUNT_MINOR } from '@jammy/shared/fields-plain';
import { Text, TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from '../../i18n/react';
import { useLanguage } from '../../i18n/use-language';
import { formatMinorUnits } from '../../lib/format';

/** What is wrong with a typed amount: the parser's reasons, and zero where zero is no amount. */
export type AmountFieldProblem = AmountProblem | 'not-positive';

/** The currency an amount field without one chosen yet shows its example in (two decimals). */
const EXAMPLE_CURRENCY = 'EUR';

const KEYS: Record<AmountFieldProblem, string> = {
  empty: 'amount.required',
  'not-a-number': 'amount.notANumber',
  negative: 'amount.negative',
  'too-precise': 'amount.tooPrecise',
  'too-large': 'amount.tooLarge',
  ambiguous: 'amount.ambiguous',
  'not-positive': 'amount.notPositive',
};

/**
 * Reads what was typed in an amount field, in the UI language: minor units or the problem.
 * `positive`: zero is refused too (a price, a planned amount).
 */
export function readAmount(
  text: string,
  currency: string,
  language: string,
  options: { positive?: boolean } = {},
): ParsedAmount | { ok: false; problem: 'not-positive' } {
  const parsed = parseAmount(text, currency, language);
  if (parsed.ok && options.positive && parsed.minor === 0) {
    return { ok: false, problem: 'not-positive' };
  }
  return parsed;
}

/**
 * The minor units of an amount field's text that the form's `unreadable` already read (in the
 * same `currency`), for the body; null when nothing was typed. A text that does not read throws:
 * the form would be sending what it never checked, and a cost is never sent as no cost.
 */
export function minorUnitsOf(
  text: string,
  currency: string | null,
  language: string,
  options: { positive?: boolean } = {},
): number | null {
  if (text.trim() === '') return null;
  const amount = currency ? readAmount(text, currency, language, options) : null;
  if (!amount?.ok) throw new RangeError('An amount was not checked before it was sent');
  return amount.minor;
}

/** The message of a problem, naming the field and showing the form expected ("612.40"). */
export function useAmountMessage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return (problem: AmountFieldProblem, field: string, currency: string | null, typed: string) => {
    const code = currency ?? EXAMPLE_CURRENCY;
    const example = exampleAmount(code, language);
    const whole = problem === 'too-precise' && !/\D/.test(example);
    return t(whole ? 'amount.tooPreciseWhole' : KEYS[problem], {
      field,
      example,
      currency: code,
      typed: typed.trim(),
      max: formatMinorUnits(MAX_AMOUNT_MINOR, code, language),
    });
  };
}

/**
 * THE field for an amount of money, in every form: a text field (a phone shows its decimal
 * keypad) that keeps exactly what was typed, read by the shared parser in the UI language
 * (docs/decisions/031-typed-amounts.md). It shows the currency beside the digits and an
 * example as placeholder; `problem` (from `readAmount`) becomes a message that names the field
 * and the form expected. Other messages (the server's) come as `error`.
 */
export function AmountInput({
  label,
  value,
  currency,
  problem,
  error,
  onChange,
  ...rest
}: {
  /** The field's name; also what its messages call it (give `aria-label` to hide it). */
  label: string;
  value: string;
  currency: string | null;
  problem?: AmountFieldProblem | null;
  error?: string | null;
  onChange: (text: string) => void;
} & Omit<TextInputProps, 'label' | 'value' | 'onChange' | 'error'>) {
  const { language } = useLanguage();
  const message = useAmountMessage();
  const hidden = 'aria-label' in rest;
  return (
    <TextInput
      {...rest}
      label={hidden ? undefined : label}
      value={value}
      inputMode="decimal"
      autoComplete="off"
      dir="ltr"
      placeholder={exampleAmount(currency ?? EXAMPLE_CURRENCY, language)}
      error={problem ? message(problem, label, currency, value) : (error ?? undefined)}
      rightSection={
        currency ? (
          <Text size="xs" fw={600} c="gray.8" aria-hidden>
            {currency}
          </Text>
        ) : undefined
      }
      rightSectionWidth={currency ? 48 : undefined}
      rightSectionPointerEvents="none"
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
