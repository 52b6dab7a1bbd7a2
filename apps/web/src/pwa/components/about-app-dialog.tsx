import { Anchor, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { OFFLINE_CACHE_DEFAULT_BYTES, OFFLINE_CACHE_MIN_BYTES } from '@jammy/shared/constants';
import {
  formatNumberField,
  parseNumber,
  type NumberFormat,
  type NumberProblem,
} from '@jammy/shared/typed-number';
import { IconWifi, IconWifiOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { NumberField } from '../../components/form/number-field';
import { useLanguage } from '../../i18n/use-language';
import { useServerReachable } from '../../lib/connectivity';
import { formatBytes } from '../../lib/format';
import { useOfflineSettings, writeOfflineSettings } from '../../lib/offline-cache';
import { APP_VERSION, BUILD_ID } from '../build-info';
import { usePwaState } from '../pwa-store';
import classes from './pwa.module.css';

/** Bytes this site keeps in the browser (caches and IndexedDB), when the browser says. */
function useStorageUsed(active: boolean): number | null {
  const [used, setUsed] = useState<number | null>(null);
  useEffect(() => {
    if (!active || !navigator.storage?.estimate) return;
    let cancelled = false;
    void navigator.storage.estimate().then((estimate) => {
      if (!cancelled) setUsed(estimate.usage ?? null);
    });
    return () => {
      cancelled = true;
    };
  }, [active]);
  return used;
}

const MB = 1_048_576;
/** The offline copy's size: whole megabytes, from the least allowed to 2 GB. */
const CACHE_SIZE: NumberFormat = { decimals: 0, min: OFFLINE_CACHE_MIN_BYTES / MB, max: 2048 };

/**
 * The offline copy's size in MB, as typed in the UI language: saved as soon as it reads, and
 * what is wrong with it shown once the field is left.
 */
function CacheSizeField() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const settings = useOfflineSettings();
  const [text, setText] = useState(() =>
    formatNumberField(Math.round(settings.cacheBytes / MB), language, CACHE_SIZE.decimals),
  );
  const [problem, setProblem] = useState<NumberProblem | null>(null);
  return (
    <NumberField
      label={t('pwa.about.cacheSize')}
      description={t('pwa.about.cacheSizeHelp')}
      format={CACHE_SIZE}
      example={OFFLINE_CACHE_DEFAULT_BYTES / MB}
      value={text}
      problem={problem}
      onChange={(next) => {
        setText(next);
        const megabytes = parseNumber(next, language, CACHE_SIZE);
        if (megabytes.ok) {
          setProblem(null);
          writeOfflineSettings({ ...settings, cacheBytes: megabytes.value * MB });
        }
      }}
      onBlur={() => {
        const megabytes = parseNumber(text, language, CACHE_SIZE);
        setProblem(megabytes.ok ? null : megabytes.problem);
      }}
    />
  );
}

/**
 * The dialog of "About this app": version, build, storage used, whether it works offline and whether the
 * offline worker failed to register (spec §4's registration-error flag).
 */
export function AboutAppDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const pwa = usePwaState();
  const reachable = useServerReachable();
  const used = useStorageUsed(opened);
  const settings = useOfflineSettings();

  const worker = pwa.registrationError
    ? t('pwa.about.workerFailed')
    : !pwa.supported
      ? t('pwa.about.workerUnsupported')
      : pwa.offlineCapable
        ? t('pwa.about.workerReady')
        : t('pwa.about.workerStarting');

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('pwa.about.title')}
      closeButtonProps={{ 'aria-label': t('pwa.dismiss') }}
    >
      <dl className={classes.aboutList} data-testid="about-app">
        <dt>{t('pwa.about.version')}</dt>
        <dd>{APP_VERSION}</dd>
        <dt>{t('pwa.about.build')}</dt>
        <dd>
          <Text component="span" ff="monospace" size="sm" data-testid="about-build">
            {BUILD_ID}
          </Text>
          {pwa.buildTimestamp ? (
            <Text size="xs" c="gray.7">
              {new Date(pwa.buildTimestamp).toLocaleString(i18n.language)}
            </Text>
          ) : null}
        </dd>
        <dt>{t('pwa.about.connection')}</dt>
        <dd>
          <Group gap={6} wrap="nowrap">
            {reachable ? (
              <IconWifi size={16} aria-hidden color="var(--mantine-color-green-9)" />
            ) : (
              <IconWifiOff size={16} aria-hidden color="var(--mantine-color-orange-9)" />
            )}
            <span>{reachable ? t('pwa.about.online') : t('pwa.about.offline')}</span>
          </Group>
        </dd>
        <dt>{t('pwa.about.worker')}</dt>
        <dd data-testid="about-worker" data-registration-error={pwa.registrationError !== null}>
          {worker}
          {pwa.workerBuildId && pwa.workerBuildId !== BUILD_ID ? (
            <Text size="xs" c="gray.7">
              {t('pwa.about.workerBuild', { build: pwa.workerBuildId })}
            </Text>
          ) : null}
        </dd>
        <dt>{t('pwa.about.storage')}</dt>
        <dd data-testid="about-storage">
          {used === null ? t('pwa.about.storageUnknown') : formatBytes(used, i18n.language)}
        </dd>
      </dl>
      <Stack gap="sm" mt="lg">
        <Switch
          checked={settings.keepAllTrips}
          onChange={(event) =>
            writeOfflineSettings({ ...settings, keepAllTrips: event.currentTarget.checked })
          }
          label={t('pwa.about.keepAll')}
          description={t('pwa.about.keepAllHelp')}
        />
        <CacheSizeField />
      </Stack>
      {pwa.updateAvailable ? (
        <Text size="sm" mt="md">
          {t('pwa.update.title')}{' '}
          <Anchor component="button" type="button" onClick={() => window.location.reload()}>
            {t('pwa.update.reload')}
          </Anchor>
        </Text>
      ) : null}
    </Modal>
  );
}
