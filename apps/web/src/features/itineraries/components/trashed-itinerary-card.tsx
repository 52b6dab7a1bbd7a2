import { TRASH_RETENTION_DAYS } from '@jammy/shared/itinerary-limits';
import type { ItinerarySummary } from '@jammy/shared/itineraries';
import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import { useLanguage } from '../../../i18n/use-language';
import classes from './itinerary-card.module.css';
import { ItineraryCover, coverImageOf } from './itinerary-cover';
import { formatRelativeTime } from '../../../lib/relative-time';

const DAY_MS = 86_400_000;

/** A trip in the trash: when it went there, when it goes for good, and a way back. */
export function TrashedItineraryCard({
  itinerary,
  now,
  restoring,
  onRestore,
}: {
  itinerary: ItinerarySummary;
  now: number;
  restoring: boolean;
  onRestore: () => void;
}) {
  const { t } = useTranslation('itineraries');
  const { language } = useLanguage();
  const trashedAt = itinerary.deletedAt ?? itinerary.updatedAt;
  const purgeAt = new Date(trashedAt).getTime() + TRASH_RETENTION_DAYS * DAY_MS;
  const daysLeft = Math.max(0, Math.ceil((purgeAt - now) / DAY_MS));
  return (
    <Card withBorder radius="lg" padding="lg" className={classes.card}>
      <Card.Section>
        <ItineraryCover
          id={itinerary.id}
          title={itinerary.title}
          coverUrl={coverImageOf(itinerary, 'thumb')}
          height={96}
          className={classes.trashed}
        />
      </Card.Section>
      <div className={classes.body} style={{ marginTop: 'var(--mantine-spacing-md)' }}>
        <Title order={2} size="h4" className={classes.title}>
          <bdi>{itinerary.title}</bdi>
        </Title>
        <Stack gap={2}>
          <Text size="sm" c="gray.8">
            {t('trash.trashedAt', { when: formatRelativeTime(trashedAt, now, language) })}
          </Text>
          <Text size="sm" c="red.9" fw={600}>
            {t('trash.purgeIn', { count: daysLeft })}
          </Text>
        </Stack>
        <div className={classes.footer}>
          <Button
            variant="light"
            leftSection={<IconRestore size={16} aria-hidden />}
            loading={restoring}
            onClick={onRestore}
            aria-label={t('trash.restoreLabel', { title: itinerary.title })}
          >
            {t('trash.restore')}
          </Button>
        </div>
      </div>
    </Card>
  );
}
