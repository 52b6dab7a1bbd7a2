import type { ItinerarySummary } from '@jammy/shared/itineraries';
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendar, IconEye, IconPencil, IconRoute } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { formatDateRange, tripDays } from '../../../lib/format';
import classes from './itinerary-card.module.css';
import { ItineraryCover, coverImageOf } from './itinerary-cover';
import { formatRelativeTime } from '../../../lib/relative-time';

/** Dates and length of a trip, or that it has none yet. */
export function useTripDates() {
  const { t } = useTranslation('itineraries');
  const { language } = useLanguage();
  return (start: string | null, end: string | null): string => {
    const range = formatDateRange(start, end, language);
    if (!range) return t('card.noDates');
    const days = tripDays(start, end);
    return days ? `${range} · ${t('card.days', { count: days })}` : range;
  };
}

/**
 * The dates a trip's card shows: its own, else those its stages span (a trip planned stage by
 * stage often has no dates of its own).
 */
export function tripSpan(
  itinerary: Pick<ItinerarySummary, 'startDate' | 'endDate' | 'stagesStartDate' | 'stagesEndDate'>,
): [string | null, string | null] {
  if (itinerary.startDate || itinerary.endDate) return [itinerary.startDate, itinerary.endDate];
  return [itinerary.stagesStartDate, itinerary.stagesEndDate];
}

/** One trip in the list: cover, title (the link), dates, size, sharing and last change. */
export function ItineraryCard({ itinerary, now }: { itinerary: ItinerarySummary; now: number }) {
  const { t } = useTranslation('itineraries');
  const { language, to } = useLanguage();
  const dates = useTripDates();
  const shared = itinerary.role !== 'owner';
  return (
    <Card withBorder radius="lg" padding="lg" className={classes.card}>
      <Card.Section>
        <ItineraryCover
          id={itinerary.id}
          title={itinerary.title}
          coverUrl={coverImageOf(itinerary, 'thumb')}
          height={136}
        />
      </Card.Section>
      {shared && (
        <Badge
          className={classes.badge}
          color={itinerary.role === 'viewer' ? 'ink' : 'jam'}
          variant="white"
          leftSection={
            itinerary.role === 'viewer' ? (
              <IconEye size={12} aria-hidden />
            ) : (
              <IconPencil size={12} aria-hidden />
            )
          }
        >
          {t(itinerary.role === 'viewer' ? 'card.roleViewer' : 'card.roleEditor')}
        </Badge>
      )}
      <div className={classes.body} style={{ marginTop: 'var(--mantine-spacing-md)' }}>
        <Title order={2} size="h4" className={classes.title}>
          <Link to={to(`/itinerary/${itinerary.id}`)} className={classes.link}>
            <bdi>{itinerary.title}</bdi>
          </Link>
        </Title>
        <Stack gap={4}>
          <Group gap={6} wrap="nowrap" c="gray.8">
            <IconCalendar size={16} aria-hidden style={{ flex: 'none' }} />
            <Text size="sm">{dates(...tripSpan(itinerary))}</Text>
          </Group>
          <Group gap={6} wrap="nowrap" c="gray.8">
            <IconRoute size={16} aria-hidden style={{ flex: 'none' }} />
            <Text size="sm">
              {t('card.stages', { count: itinerary.stageCount })} ·{' '}
              {t('card.places', { count: itinerary.placeCount })}
            </Text>
          </Group>
        </Stack>
        <Text size="xs" c="gray.7" className={classes.footer}>
          {Math.abs(now - Date.parse(itinerary.updatedAt)) < 60_000
            ? t('card.changedNow')
            : t('card.changed', { when: formatRelativeTime(itinerary.updatedAt, now, language) })}
        </Text>
      </div>
    </Card>
  );
}
