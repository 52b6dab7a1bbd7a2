import { Button, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import classes from './presets.module.css';

/**
 * Says that a premium itinerary is shown as a preview (the first stage whole, the others by
 * name) and what buying it gives; `toShop` adds the way to the shop (not on the shop's own page).
 */
export function PreviewNotice({ toShop = false }: { toShop?: boolean }) {
  const { t } = useTranslation('presets');
  const { to } = useLanguage();
  // A product page may hold several itineraries, each with its notice.
  const titleId = useId();
  return (
    <section className={classes.previewNotice} aria-labelledby={titleId} data-state="preview">
      <Stack gap="xs" align="flex-start">
        <Title order={2} size="h4" id={titleId} className={classes.previewTitle}>
          <IconLock size={20} aria-hidden style={{ flex: 'none' }} />
          {t('detail.previewTitle')}
        </Title>
        <Text size="sm">{t('detail.previewText')}</Text>
        {toShop && (
          <Button component={Link} to={to('/shop')} size="sm">
            {t('detail.previewAction')}
          </Button>
        )}
      </Stack>
    </section>
  );
}
