import {
  formatNumberField,
  type NumberFormat,
  type NumberProblem,
} from '@jammy/shared/typed-number';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from '../../i18n/react';
import { useLanguage } from '../../i18n/use-language';

const KEYS: Record<Exclude<NumberProblem, 'too-precise'>, string> = {
  empty: 'number.required',
  'not-a-number': 'number.notANumber',
  negative: 'number.negative',
  'out-of-range': 'number.outOfRange',
};

/**
 * The message of a problem, naming the field and showing the form expected ("41,9"): the
 * range it takes, or how many decimals.
 */
export function useNumberMessage() {
  const { t, i18n } = useTranslation();
  const { language } = useLanguage();
  // In Arabic text a bare "-90" would show its minus sign on the wrong side.
  const isolate = (text: string) => (i18n.dir(language) === 'rtl' ? `\u2066${text}\u2069` : text);
  return (problem: NumberProblem, field: string, format: NumberFormat, example: number) => {
    const shown = (value: number) => isolate(formatNumberField(value, language, format.decimals));
    const values = {
      field,
      example: shown(example),
      min: shown(format.min),
      max: shown(format.max),
    };
    if (problem !== 'too-precise') return t(KEYS[problem], values);
    return format.decimals === 0
      ? t('number.tooPreciseWhole', values)
      : t('number.tooPrecise', { ...values, count: format.decimals });
  };
}

/**
 * THE field for a plain number (a pin's latitude, minutes, shares), beside AmountInput for
 * money: a text field that keeps exactly what was typed, read by the shared parser in the UI
 * language (`parseNumber`, docs/decisions/039-typed-numbers.md), so "41,9" typed in German is
 * 41.9 and never lost. A phone shows its number keypad, except where a number may be negative:
 * the keypads of some phones have no minus sign, so those fields keep the full keyboard.
 * `problem` (from `parseNumber` with the same `format`) becomes a message that names the field
 * and the form expected; other messages (the server's) come as `error`.
 */
export function NumberField({
  label,
  value,
  format,
  example,
  problem,
  error,
  onChange,
  ...rest
}: {
  /** The field's name; also what its messages call it (give `aria-label` to hide it). */
  label: string;
  value: string;
  format: NumberFormat;
  /** A value to show as the form expected, in the placeholder and the messages. */
  example: number;
  problem?: NumberProblem | null;
  error?: string | null;
  onChange: (text: string) => void;
} & Omit<TextInputProps, 'label' | 'value' | 'onChange' | 'error'>) {
  const { language } = useLanguage();
  const message = useNumberMessage();
  const hidden = 'aria-label' in rest;
  return (
    <TextInput
      {...rest}
      label={hidden ? undefined : label}
      value={value}
      inputMode={format.min < 0 ? 'text' : format.decimals > 0 ? 'decimal' : 'numeric'}
      autoComplete="off"
      dir="ltr"
      placeholder={formatNumberField(example, language, format.decimals)}
      error={problem ? message(problem, label, format, example) : (error ?? undefined)}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
