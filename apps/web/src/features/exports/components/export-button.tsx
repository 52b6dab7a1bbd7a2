import { Button } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from '../../../i18n/react';

/** The itinerary's "Export" button, which opens its menu. */
export function ExportButton(props: ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation('exports');
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      rightSection={<IconChevronDown size={14} aria-hidden />}
      aria-haspopup="menu"
      data-testid="export-menu"
      {...props}
    >
      {t('menu.button')}
    </Button>
  );
}
