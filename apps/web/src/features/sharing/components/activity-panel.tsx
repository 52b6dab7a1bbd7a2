import { Avatar, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import { useLanguage } from '../../../i18n/use-language';
import { formatRelativeTime, useNow } from '../../../lib/relative-time';
import { useActivity } from '../api/activity';
import { UndoImportAction } from '../../imports/public';
import { describeEvent } from '../lib/describe-event';

const SHOWN = 8;

/** A short history of the trip: who changed what, and when (newest first). */
export function ActivityPanel({
  itineraryId,
  canEdit = false,
}: {
  itineraryId: string;
  /** Editors may undo an import from here. */
  canEdit?: boolean;
}) {
  const { t } = useTranslation('sharing');
  const { language } = useLanguage();
  const now = useNow();
  const activity = useActivity(itineraryId);
  const events = (activity.data ?? []).filter((event) => event.kind !== 'presence').slice(0, SHOWN);
  // Imports already undone (their undo is in the history too) offer no Undo.
  const undone = new Set(
    (activity.data ?? [])
      .filter((event) => event.kind === 'import.undone')
      .map((event) => event.data.importId),
  );

  return (
    <section aria-labelledby="activity-title">
      <Stack gap="xs">
        <Group gap={6}>
          <IconHistory size={20} aria-hidden color="var(--mantine-color-jam-8)" />
          <Title order={2} size="h3" id="activity-title">
            {t('activity.title')}
          </Title>
        </Group>
        <Paper withBorder radius="lg" p="md">
          {activity.isPending ? (
            <Stack gap="sm" aria-busy="true">
              <Skeleton height={16} />
              <Skeleton height={16} width="80%" />
            </Stack>
          ) : activity.isError ? (
            <Text size="sm" c="gray.8">
              {t('activity.failed')}
            </Text>
          ) : events.length === 0 ? (
            <Text size="sm" c="gray.8">
              {t('activity.empty')}
            </Text>
          ) : (
            <Stack
              component="ol"
              gap="sm"
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
              aria-labelledby="activity-title"
            >
              {events.map((event) => {
                const { key, values } = describeEvent(event);
                const actor = values.actor ?? t('activity.someone');
                return (
                  <Group component="li" key={event.id} gap="sm" wrap="nowrap" align="flex-start">
                    <Avatar
                      name={actor}
                      color="jam"
                      variant="filled"
                      radius="xl"
                      size={28}
                      alt=""
                    />
                    <Stack gap={0} miw={0}>
                      <Text size="sm" dir="auto">
                        {t(`activity.kinds.${key}`, { ...values, actor })}
                      </Text>
                      <Text size="xs" c="gray.8" component="time" dateTime={event.at}>
                        {formatRelativeTime(event.at, now, language)}
                      </Text>
                      {event.via && (
                        <Text size="xs" c="gray.8" dir="auto">
                          {t('activity.via', { name: event.via })}
                        </Text>
                      )}
                      {canEdit &&
                        event.kind === 'import.created' &&
                        typeof event.data.importId === 'string' &&
                        !undone.has(event.data.importId) && (
                          <UndoImportAction
                            itineraryId={itineraryId}
                            importId={event.data.importId}
                            title={values.title}
                          />
                        )}
                    </Stack>
                  </Group>
                );
              })}
            </Stack>
          )}
        </Paper>
      </Stack>
    </section>
  );
}
