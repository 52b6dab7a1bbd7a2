import { Divider, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';

/** The "or" between one way of signing in and the next. */
export function OrDivider() {
  const { t } = useTranslation('auth');
  return (
    <Divider
      label={
        <Text span size="sm" c="gray.7">
          {t('common.or')}
        </Text>
      }
      labelPosition="center"
    />
  );
}
