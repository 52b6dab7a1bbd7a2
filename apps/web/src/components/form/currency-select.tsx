import { Select, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from '../../i18n/react';
import { useLanguage } from '../../i18n/use-language';
import { currencyOptions } from './currencies';

/**
 * THE currency field: every ISO 4217 currency as "EUR — Euro" in the page's language, the
 * common ones first, searchable. None chosen is empty (or null, as a resource without a
 * currency has it); clearing it answers the empty string.
 */
export function CurrencySelect({
  value,
  onChange,
  clearable = true,
  ...rest
}: {
  value: string | null;
  onChange: (currency: string) => void;
  clearable?: boolean;
} & Omit<SelectProps, 'value' | 'onChange' | 'data'>) {
  const { t } = useTranslation('form', { useSuspense: false });
  const { language } = useLanguage();
  const currencies = useMemo(() => currencyOptions(language), [language]);
  return (
    <Select
      {...rest}
      data={currencies}
      searchable
      // Typing or a click opens the list, not the focus alone: the form moves the focus to a
      // field it refuses, and a list opening there would cover the message.
      openOnFocus={false}
      clearable={clearable}
      clearButtonProps={{ 'aria-label': t('currencyClear') }}
      nothingFoundMessage={t('currencyNone')}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
