import { TextInput, type TextInputProps } from '@mantine/core';
import { useLanguage } from '../../i18n/use-language';

/**
 * THE date field: the browser's own date picker (a phone shows its wheel), the value a
 * `YYYY-MM-DD` string as the API takes it, empty when not set.
 */
export function DateField({
  value,
  onChange,
  ...rest
}: {
  value: string;
  onChange: (date: string) => void;
} & Omit<TextInputProps, 'value' | 'onChange' | 'type'>) {
  const { language } = useLanguage();
  return (
    <TextInput
      {...rest}
      type="date"
      lang={language}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
