import { Alert, Paper, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useLanguage } from '../../../i18n/use-language';
import { formatBytes } from '../../../lib/format';
import { useStorageUsage } from '../api/storage-usage';

/** The account's storage: a meter of what photos and files take against the quota. */
export function StorageMeter() {
  const { t } = useTranslation('files');
  const { language } = useLanguage();
  const headingId = useId();
  const usage = useStorageUsage();
  const data = usage.data;
  const percent = data && data.quotaBytes > 0 ? (data.usedBytes / data.quotaBytes) * 100 : 0;

  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      data-testid="storage-meter"
    >
      <Stack gap="sm">
        <Title id={headingId} order={3} size="h4">
          {t('meter.title')}
        </Title>
        {usage.isError ? (
          <Alert color="red" role="alert">
            {t('meter.failed')}
          </Alert>
        ) : !data ? (
          <Skeleton height={48} radius="md" />
        ) : (
          <>
            <Text size="sm">
              {t('meter.used', {
                used: formatBytes(data.usedBytes, language),
                quota: formatBytes(data.quotaBytes, language),
              })}
            </Text>
            <Progress
              value={Math.min(100, Math.round(percent * 10) / 10)}
              color={percent >= 90 ? 'red.8' : 'jam'}
              size="lg"
              radius="xl"
              aria-label={t('meter.label')}
            />
            {percent >= 100 && (
              <Text size="sm" c="red.9">
                {t('meter.full')}
              </Text>
            )}
            <Text size="sm" c="gray.8">
              {t('meter.limits', {
                image: formatBytes(data.imageMaxBytes, language),
                document: formatBytes(data.documentMaxBytes, language),
              })}
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}
