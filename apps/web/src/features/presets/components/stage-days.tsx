import type { PresetOpenStage, PresetStageDetail } from '@jammy/shared/presets';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { IconBulb, IconClock, IconExternalLink, IconLock } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import { useLanguage } from '../../../i18n/use-language';
import { formatDuration } from '../../../lib/format';
import { CategoryIcon } from '../../../components/category-icon';
import classes from './presets.module.css';
import { dateTimeFormat } from '../../../lib/intl';

/** "Day 3" or "Days 3–5" (1-based for the reader). */
function useDayLabel() {
  const { t } = useTranslation('presets');
  return (stage: PresetStageDetail) =>
    stage.days <= 1
      ? t('detail.day', { day: stage.startDay + 1 })
      : t('detail.days', { from: stage.startDay + 1, to: stage.startDay + stage.days });
}

function timeOf(time: string, language: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return dateTimeFormat(language, {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(2000, 0, 1, hours, minutes)));
}

/** The trip day by day: each stage with its tip and its places, numbered as on the map. */
export function StageDays({
  stages,
  numbers,
}: {
  stages: PresetStageDetail[];
  /** Marker number of each place, keyed `stageIndex:placeIndex`. */
  numbers: Map<string, number>;
}) {
  const { t } = useTranslation('presets');
  const dayLabel = useDayLabel();
  return (
    <Stack gap="xl" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
      {stages.map((stage) => (
        <li key={stage.index} className={classes.day} data-locked={stage.locked || undefined}>
          <span className={classes.dayNumber} aria-hidden>
            {stage.startDay + 1}
          </span>
          <Stack gap="sm">
            <div>
              <Text size="xs" fw={700} c="jam.9" tt="uppercase" className={classes.eyebrow}>
                {dayLabel(stage)} · <bdi>{stage.destinationName}</bdi>
              </Text>
              <Title order={3} size="h4" dir="auto">
                {stage.title}
              </Title>
            </div>
            {stage.locked ? (
              // A preview of a premium itinerary: this stage's content is the buyer's.
              <Group gap="xs" wrap="nowrap" align="flex-start" c="gray.8">
                <IconLock size={16} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
                <Text size="sm">{t('detail.lockedStage')}</Text>
              </Group>
            ) : (
              <OpenStage stage={stage} numbers={numbers} />
            )}
          </Stack>
        </li>
      ))}
    </Stack>
  );
}

/** A stage shown whole: its tip and its places. */
function OpenStage({ stage, numbers }: { stage: PresetOpenStage; numbers: Map<string, number> }) {
  const { t } = useTranslation('presets');
  const { t: ti } = useTranslation('itineraries');
  const { language } = useLanguage();
  return (
    <>
      {stage.tip && (
        <Group gap="xs" wrap="nowrap" align="flex-start" className={classes.tip}>
          <IconBulb size={18} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
          <Text size="sm" dir="auto">
            <Text span fw={700}>
              {t('detail.tip')}{' '}
            </Text>
            {stage.tip}
          </Text>
        </Group>
      )}
      {stage.places.length > 0 && (
        <ol className={classes.placeList} aria-label={t('detail.placesOf', { name: stage.title })}>
          {stage.places.map((place) => {
            const number = numbers.get(`${stage.index}:${place.index}`);
            return (
              <li key={place.index} className={classes.place}>
                <span className={classes.placeNumber} aria-hidden>
                  {number}
                </span>
                <Stack gap={2}>
                  <Group gap={6} wrap="nowrap">
                    <Text fw={700} size="sm" dir="auto">
                      {place.name}
                    </Text>
                  </Group>
                  <Group gap="sm" c="gray.8">
                    <Group gap={4} wrap="nowrap">
                      <CategoryIcon category={place.category} size={14} />
                      <Text size="xs">{ti(`category.${place.category}`)}</Text>
                    </Group>
                    {place.time && (
                      <Group gap={4} wrap="nowrap">
                        <IconClock size={14} aria-hidden />
                        <Text size="xs">
                          {timeOf(place.time, language)}
                          {place.durationMinutes
                            ? ` · ${formatDuration(place.durationMinutes, language)}`
                            : ''}
                        </Text>
                      </Group>
                    )}
                    {!place.time && place.durationMinutes ? (
                      <Group gap={4} wrap="nowrap">
                        <IconClock size={14} aria-hidden />
                        <Text size="xs">{formatDuration(place.durationMinutes, language)}</Text>
                      </Group>
                    ) : null}
                  </Group>
                  {place.notes && (
                    <Text size="sm" c="gray.8" dir="auto">
                      {place.notes}
                    </Text>
                  )}
                  {place.url && (
                    <Anchor
                      href={place.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      size="xs"
                      fw={600}
                    >
                      <Group gap={4} component="span">
                        {t('detail.website', { name: place.name })}
                        <IconExternalLink size={12} aria-hidden />
                      </Group>
                    </Anchor>
                  )}
                </Stack>
              </li>
            );
          })}
        </ol>
      )}
    </>
  );
}
