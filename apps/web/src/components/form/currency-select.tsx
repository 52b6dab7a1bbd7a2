import { Select, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/use-language';
import { currencyOptions } from './currencies';

/**
 * THE currency field: every ISO 4217 currency as "EUR — Euro" in the page's language, the
 * common ones first, searchable; empty string when none is chosen.
 */
export function CurrencySelect({
  value,
  onChange,
  clearable = true,
  ...rest
}: {
  value: string;
  onChange: (currency: string) => void;
  clearable?: boolean;
} & Omit<SelectProps, 'value' | 'onChange' | 'data'>) {
  const { t } = useTranslation('form');
  const { language } = useLanguage();
  const currencies = useMemo(() => currencyOptions(language), [language]);
  return (
    <Select
      {...rest}
      data={currencies}
      searchable
      clearable={clearable}
      clearButtonProps={{ 'aria-label': t('currencyClear') }}
      nothingFoundMessage={t('currencyNone')}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
