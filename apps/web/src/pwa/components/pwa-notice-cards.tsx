import { Button, CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCloudCheck, IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from '../../i18n/react';
import { applyUpdate, dismissOfflineReady, dismissUpdate, usePwaState } from '../pwa-store';
import classes from './pwa.module.css';

const OFFLINE_READY_SHOWN_MS = 10_000;

/**
 * The cards of PwaNotices (pwa-notices.tsx): "update available" with Reload, and "ready to
 * work offline" once, after the first install (spec §4).
 */
export function PwaNoticeCards() {
  const { t } = useTranslation();
  const pwa = usePwaState();

  useEffect(() => {
    if (!pwa.offlineReady) return;
    const timer = setTimeout(dismissOfflineReady, OFFLINE_READY_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [pwa.offlineReady]);

  return (
    <>
      {pwa.updateAvailable ? (
        <Paper className={classes.notice} shadow="md" withBorder data-testid="update-available">
          <Group gap="sm" wrap="nowrap" align="center">
            <IconRefresh size={22} aria-hidden className={classes.noticeIcon} />
            <Stack gap={2} style={{ flex: 1 }}>
              <Text fw={650} size="sm">
                {t('pwa.update.title')}
              </Text>
              <Text size="sm" c="gray.7">
                {t('pwa.update.body')}
              </Text>
            </Stack>
            <Button size="sm" onClick={() => void applyUpdate()}>
              {t('pwa.update.reload')}
            </Button>
            <CloseButton aria-label={t('pwa.update.later')} onClick={dismissUpdate} />
          </Group>
        </Paper>
      ) : null}
      {pwa.offlineReady ? (
        <Paper className={classes.notice} shadow="md" withBorder data-testid="offline-ready">
          <Group gap="sm" wrap="nowrap" align="center">
            <IconCloudCheck size={22} aria-hidden className={classes.noticeIcon} />
            <Text size="sm" style={{ flex: 1 }}>
              {t('pwa.offlineReady')}
            </Text>
            <CloseButton aria-label={t('pwa.dismiss')} onClick={dismissOfflineReady} />
          </Group>
        </Paper>
      ) : null}
    </>
  );
}
