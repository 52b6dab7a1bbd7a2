import type { Stage } from '@jammy/shared/itineraries';
import { ActionIcon, Anchor, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconCalendar, IconMapPin, IconMapPins, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { formatDateRange, tripDays } from '../../../lib/format';
import { destinationLabel } from '../lib/country';
import { isSaved } from '../lib/move';
import classes from './stages.module.css';

/** One stage in the list: its number, title, destination, dates and how many places. */
export function StageCard({
  stage,
  index,
  placeCount,
  controls,
  canEdit,
  onDelete,
}: {
  stage: Stage;
  index: number;
  placeCount: number;
  controls: ReactNode;
  canEdit: boolean;
  onDelete: (stage: Stage) => void;
}) {
  const { t } = useTranslation('stages');
  const { language, to } = useLanguage();
  const path = to(`/itinerary/${stage.itineraryId}/stage/${stage.id}`);
  const saved = isSaved(stage.id);
  const destination = destinationLabel(stage.destinationName, stage.countryCode, language);
  const dates = formatDateRange(stage.startDate, stage.endDate, language);
  const days = tripDays(stage.startDate, stage.endDate);

  return (
    <Paper withBorder radius="lg" p="md" className={classes.card} aria-busy={!saved || undefined}>
      <Stack gap="sm">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <span className={classes.number} aria-hidden>
            {index + 1}
          </span>
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Text fw={700} size="lg" lh={1.3}>
              <span className={classes.srOnly}>
                {t('list.stageNumber', { number: index + 1 })}{' '}
              </span>
              {saved ? (
                <Anchor component={Link} to={path} className={classes.cardTitle} inherit>
                  <bdi>{stage.title}</bdi>
                </Anchor>
              ) : (
                <bdi>{stage.title}</bdi>
              )}
            </Text>
            <div className={classes.meta}>
              {destination && (
                <span className={classes.metaItem}>
                  <IconMapPin size={15} aria-hidden />
                  <bdi>{destination}</bdi>
                </span>
              )}
              {dates && (
                <span className={classes.metaItem}>
                  <IconCalendar size={15} aria-hidden />
                  {dates}
                  {days ? ` · ${t('list.days', { count: days })}` : ''}
                </span>
              )}
              <span className={classes.metaItem}>
                <IconMapPins size={15} aria-hidden />
                {t('list.places', { count: placeCount })}
              </span>
            </div>
          </Stack>
        </Group>
        {canEdit && saved && (
          <Group justify="space-between" gap="xs" wrap="nowrap">
            {controls ?? <span />}
            <Group gap={2} wrap="nowrap">
              <Tooltip label={t('list.edit')} withArrow>
                <ActionIcon
                  component={Link}
                  to={`${path}/edit`}
                  variant="subtle"
                  color="ink"
                  size="lg"
                  aria-label={t('list.editNamed', { name: stage.title })}
                >
                  <IconPencil size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('list.delete')} withArrow>
                <ActionIcon
                  variant="subtle"
                  color="red.8"
                  size="lg"
                  aria-label={t('list.deleteNamed', { name: stage.title })}
                  onClick={() => onDelete(stage)}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
