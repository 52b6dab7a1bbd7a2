import type { Stage } from '@jammy/shared/itineraries';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  IconArrowLeft,
  IconArrowRight,
  IconCalendar,
  IconMapPin,
  IconPencil,
  IconPlus,
} from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { useLanguage } from '../../../i18n/use-language';
import { formatDateRange, tripDays } from '../../../lib/format';
import { destinationLabel } from '../lib/country';
import classes from './stages.module.css';

/** The stage's destination, dates, notes, its place in the trip, and what to do next. */
export function StageSummary({
  stage,
  stages,
  canEdit,
}: {
  stage: Stage;
  stages: Stage[];
  canEdit: boolean;
}) {
  const { t } = useTranslation('stages');
  const { language, to } = useLanguage();
  const base = to(`/itinerary/${stage.itineraryId}/stage`);
  const index = stages.findIndex((candidate) => candidate.id === stage.id);
  const previous = index > 0 ? stages[index - 1] : undefined;
  const next = stages[index + 1];
  const destination = destinationLabel(stage.destinationName, stage.countryCode, language);
  const dates = formatDateRange(stage.startDate, stage.endDate, language);
  const days = tripDays(stage.startDate, stage.endDate);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" fw={600} c="jam.9">
            {t('stage.position', { number: index + 1, total: stages.length })}
          </Text>
          <div className={classes.meta}>
            {destination && (
              <span className={classes.metaItem}>
                <IconMapPin size={16} aria-hidden />
                <bdi>{destination}</bdi>
              </span>
            )}
            <span className={classes.metaItem}>
              <IconCalendar size={16} aria-hidden />
              {dates
                ? `${dates}${days ? ` · ${t('list.days', { count: days })}` : ''}`
                : t('stage.noDates')}
            </span>
          </div>
        </Stack>
        {canEdit && (
          <Group gap="sm">
            <Button
              component={Link}
              to={`${base}/${stage.id}/edit`}
              variant="default"
              leftSection={<IconPencil size={16} aria-hidden />}
            >
              {t('stage.edit')}
            </Button>
            <Button
              component={Link}
              to={`${base}/${stage.id}/add`}
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              {t('stage.addPlaces')}
            </Button>
          </Group>
        )}
      </Group>
      {stage.notes && (
        <Paper withBorder radius="lg" p="md" bg="gray.0">
          <Stack gap={6}>
            <Title order={2} size="h5">
              {t('fields.notes')}
            </Title>
            <Text size="sm" className={classes.notes} dir="auto">
              {stage.notes}
            </Text>
          </Stack>
        </Paper>
      )}
      {(previous || next) && (
        <nav aria-label={t('stage.neighbours')}>
          <Group justify="space-between" gap="sm">
            {previous ? (
              <Anchor component={Link} to={`${base}/${previous.id}`} size="sm" fw={600}>
                <Group gap={4} component="span" wrap="nowrap">
                  <IconArrowLeft size={16} aria-hidden className={classes.flipRtl} />
                  {t('stage.previous')} <bdi>{previous.title}</bdi>
                </Group>
              </Anchor>
            ) : (
              <span />
            )}
            {next && (
              <Anchor component={Link} to={`${base}/${next.id}`} size="sm" fw={600}>
                <Group gap={4} component="span" wrap="nowrap">
                  {t('stage.next')} <bdi>{next.title}</bdi>
                  <IconArrowRight size={16} aria-hidden className={classes.flipRtl} />
                </Group>
              </Anchor>
            )}
          </Group>
        </nav>
      )}
    </Stack>
  );
}
