import type { InboxProposal, InboxSource } from '@jammy/shared/inbox';
import { Badge, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { formatMinorUnits } from '../../../lib/format';
import { useLanguage } from '../../../i18n/use-language';
import { formatDay, formatWallClock, isolate } from '../lib/wall-clock';

/** The fields a proposal shows, in reading order, and the message key of each one's name. */
const SHOWN = [
  'carrier',
  'number',
  'fromName',
  'toName',
  'startAt',
  'endAt',
  'startDate',
  'endDate',
  'address',
  'confirmationCode',
  'costMinor',
] as const;
type Shown = (typeof SHOWN)[number];

/** Where a value was read, in words: "the mail's markup (reservationFor.departureTime)". */
export function useSourceWords() {
  const { t } = useTranslation('inbox');
  return (source: InboxSource) => {
    const kind = t(`source.${source.kind}`);
    // The text's lines are counted for the reader; other places are the data's own names.
    const line = /^line (\d+)$/.exec(source.at)?.[1];
    return line
      ? t('source.atLine', { kind, line })
      : t('source.at', { kind, at: isolate(source.at) });
  };
}

/**
 * What was found for one booking: each value with where it was read (a list a screen reader
 * reads as label, value, source). Times are the ticket's wall clock, with their zone.
 */
export function ProposalView({ proposal }: { proposal: InboxProposal }) {
  const { t } = useTranslation(['inbox', 'bookings']);
  const { language } = useLanguage();
  const sourceWords = useSourceWords();
  const { values, sources } = proposal;

  const shown = (field: Shown): string | null => {
    if (field === 'startAt' || field === 'endAt') {
      const at = values[field];
      if (!at) return null;
      const zone = values[field === 'startAt' ? 'startZone' : 'endZone'];
      const time = formatWallClock(at, language);
      return zone
        ? t('proposal.inZone', { time: isolate(time), zone: isolate(zone) })
        : t('proposal.noZone', { time: isolate(time) });
    }
    if (field === 'startDate' || field === 'endDate') {
      const day = values[field];
      return day ? formatDay(day, language) : null;
    }
    if (field === 'costMinor') {
      return values.costMinor !== null && values.currency
        ? formatMinorUnits(values.costMinor, values.currency, language)
        : null;
    }
    return values[field];
  };

  return (
    <Stack gap={6}>
      <Group gap="xs" wrap="wrap">
        <Badge variant="light" color="blue" c="blue.9">
          {t(`bookings:kinds.${proposal.kind}`)}
        </Badge>
        {proposal.status !== 'confirmed' && (
          <Badge
            variant="light"
            color={proposal.status === 'cancelled' ? 'red' : 'orange'}
            c={proposal.status === 'cancelled' ? 'red.9' : 'orange.9'}
          >
            {t(`proposal.status.${proposal.status}`)}
          </Badge>
        )}
        <Text fw={600} component="span">
          <bdi>{values.title ?? t('proposal.untitled')}</bdi>
        </Text>
      </Group>
      <List size="sm" spacing={4} listStyleType="none" ms={0} ps={0}>
        {SHOWN.map((field) => {
          const value = shown(field);
          if (!value) return null;
          const source = sources[field === 'costMinor' ? 'costMinor' : field];
          return (
            <List.Item key={field}>
              <Text size="sm" component="span" c="gray.8">
                {t(`field.${field}`)}:{' '}
              </Text>
              <Text size="sm" component="span" fw={500}>
                <bdi>{value}</bdi>
              </Text>
              {source && (
                <Text size="xs" component="span" c="gray.7">
                  {' '}
                  — <bdi>{sourceWords(source)}</bdi>
                </Text>
              )}
            </List.Item>
          );
        })}
      </List>
    </Stack>
  );
}
