import type { TaxSettings } from '@jammy/shared/shop';
import { Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { useLanguage } from '../../../i18n/use-language';
import { formatMinorUnits } from '../../../lib/format';
import { numberFormat } from '../../../lib/intl';

/** An amount in its currency, formatted for the page's language. */
export function useMoney() {
  const { language } = useLanguage();
  return (minor: number, currency: string) => formatMinorUnits(minor, currency, language);
}

/** How taxes apply to the prices shown ("incl. 22 % VAT", "plus 22 % tax"). */
export function TaxNote({ tax }: { tax: TaxSettings }) {
  const { t } = useTranslation('shop');
  const { language } = useLanguage();
  if (tax.rateBasisPoints === 0) return null;
  const rate = numberFormat(language, {
    style: 'percent',
    maximumFractionDigits: 2,
  }).format(tax.rateBasisPoints / 10_000);
  return (
    <Text size="sm" c="gray.8">
      {t(tax.inclusive ? 'tax.inclusive' : 'tax.exclusive', { rate })}
    </Text>
  );
}
