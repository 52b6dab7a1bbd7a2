import { Container, Group, Text } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';
import { useServerReachable } from '../../lib/connectivity';
import classes from './pwa.module.css';

/** While the server cannot be reached: says so, and what still works. */
export function OfflineBanner() {
  const { t } = useTranslation();
  const reachable = useServerReachable();
  if (reachable) return null;
  return (
    <div className={classes.offlineBanner} role="status" data-testid="offline-banner">
      <Container size="lg" py={8}>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconCloudOff size={20} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
          <div>
            <Text size="sm" fw={650}>
              {t('pwa.offline.title')}
            </Text>
            <Text size="sm">{t('pwa.offline.body')}</Text>
          </div>
        </Group>
      </Container>
    </div>
  );
}
