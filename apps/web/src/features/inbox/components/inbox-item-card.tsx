import type { InboxItem } from '@jammy/shared/inbox';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Spoiler,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowBackUp, IconPencil, IconTrash } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import { ProblemAlert } from '../../../components/form/problem-alert';
import { dateTimeFormat } from '../../../lib/intl';
import { formatBytes } from '../../../lib/format';
import { useLanguage } from '../../../i18n/use-language';
import { useDismissItem, useUndoItem } from '../api/inbox';
import { AcceptPanel } from './accept-panel';
import { ProposalForm } from './proposal-form';
import { formatDay, isolate } from '../lib/wall-clock';
import { ProposalView, useSourceWords } from './proposal-view';

/** What a text alone gave: the dates, times, codes and airports found in it. */
function Clues({ item }: { item: InboxItem }) {
  const { t } = useTranslation('inbox');
  const { language } = useLanguage();
  const sourceWords = useSourceWords();
  const { dates, times, codes, airports } = item.clues;
  const lines = [
    ...codes.map((clue) => ({ label: t('clues.code'), value: clue.value, source: clue.source })),
    ...dates.map((clue) => ({
      label: t('clues.date'),
      value: formatDay(clue.value, language),
      source: clue.source,
    })),
    ...times.map((clue) => ({ label: t('clues.time'), value: clue.value, source: clue.source })),
    ...airports.map((airport) => ({
      label: t('clues.airport'),
      value: `${airport.code} · ${airport.name} · ${airport.zone}`,
      source: airport.source,
    })),
  ];
  if (lines.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {t('clues.title')}
      </Text>
      {lines.slice(0, 12).map((line) => (
        <Text size="sm" key={`${line.label}-${line.value}`}>
          {line.label}: <bdi>{line.value}</bdi>{' '}
          <Text span size="xs" c="gray.7">
            — <bdi>{sourceWords(line.source)}</bdi>
          </Text>
        </Text>
      ))}
    </Stack>
  );
}

/**
 * One item of the inbox: where it came from, each booking found (with its sources, a
 * duplicate or an applied change), its trip, and the ways on: accept, edit, dismiss, undo.
 * The mail's text is shown as text, never as HTML.
 */
export function InboxItemCard({ item }: { item: InboxItem }) {
  const { t } = useTranslation('inbox');
  const { language, to } = useLanguage();
  const headingId = useId();
  const [editing, setEditing] = useState<number | null>(null);
  const dismiss = useDismissItem();
  const undo = useUndoItem();
  const open = item.state === 'new';
  const received = dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(item.receivedAt),
  );
  const undoable = item.proposals.some((proposal) => proposal.applied && !proposal.applied.undone);

  return (
    <Paper
      component="article"
      withBorder
      radius="lg"
      p={{ base: 'sm', xs: 'md' }}
      aria-labelledby={headingId}
      data-inbox-item={item.id}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={2} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            <bdi>{item.subject ?? item.fileName ?? t(`origin.${item.origin}`)}</bdi>
          </Title>
          <Badge
            // An accepted item's badge is filled in a dark teal: Mantine's greens are too light
            // for its small bold text, on a tint or on white.
            variant={open ? 'light' : 'filled'}
            color={open ? 'blue' : 'teal.9'}
            c={open ? 'blue.9' : 'white'}
            style={{ flexShrink: 0 }}
          >
            {t(`state.${item.state}`)}
          </Badge>
        </Group>
        <Text size="sm" c="gray.8">
          {item.from
            ? t('item.fromAt', { from: isolate(item.from), at: isolate(received) })
            : t('item.at', { at: isolate(received) })}
        </Text>
        {item.senderCheck === 'kept-aside' && (
          <Alert color="orange" variant="light" title={t('item.keptAside')} role="note">
            <Text size="sm" c="orange.9">
              {t('item.keptAsideText', { reason: isolate(item.senderCheckReason ?? '') })}
            </Text>
          </Alert>
        )}
        {item.problems.length > 0 && (
          <Alert color="yellow" variant="light" title={t('item.problems')}>
            <Text size="sm">
              {item.problems.map((problem) => (
                <bdi key={problem}>
                  {problem}
                  <br />
                </bdi>
              ))}
            </Text>
          </Alert>
        )}
        {item.proposals.length === 0 && (
          <Text size="sm">
            {t(item.attachments.length > 0 ? 'item.nothingFoundFile' : 'item.nothingFound')}
          </Text>
        )}
        {item.proposals.map((proposal, index) => (
          <Paper key={index} withBorder radius="md" p="sm" bg="gray.0">
            <Stack gap="xs">
              {editing === index ? (
                <ProposalForm
                  item={item}
                  index={index}
                  proposal={proposal}
                  onDone={() => setEditing(null)}
                />
              ) : (
                <ProposalView proposal={proposal} />
              )}
              {proposal.duplicateOf && (
                <Text size="sm" c="orange.9">
                  {t('proposal.duplicate')}{' '}
                  <Anchor
                    component={Link}
                    to={to(`/itinerary/${proposal.duplicateOf.itineraryId}/bookings`)}
                  >
                    <bdi>{proposal.duplicateOf.title}</bdi>
                  </Anchor>
                </Text>
              )}
              {proposal.applied && (
                <Text size="sm" c="green.9">
                  {t(
                    `proposal.applied.${proposal.applied.undone ? 'undone' : proposal.applied.action}`,
                    { title: isolate(proposal.applied.title) },
                  )}
                </Text>
              )}
              {open && !proposal.applied && editing !== index && (
                <Group>
                  <Button
                    variant="default"
                    size="xs"
                    leftSection={<IconPencil size={14} aria-hidden />}
                    onClick={() => setEditing(index)}
                    aria-label={t('actions.editNumbered', { number: index + 1 })}
                  >
                    {t('actions.edit')}
                  </Button>
                </Group>
              )}
            </Stack>
          </Paper>
        ))}
        {item.proposals.length === 0 && <Clues item={item} />}
        {item.attachments.length > 0 && (
          <Text size="sm">
            {t('item.files')}{' '}
            {item.attachments.map((file) => (
              <bdi key={file.path}>
                {file.name} ({formatBytes(file.size, language)}){' '}
              </bdi>
            ))}
          </Text>
        )}
        {open &&
          item.proposals.some(
            (proposal) => !proposal.applied && proposal.status !== 'cancelled',
          ) && <AcceptPanel item={item} />}
        {item.acceptedInto && (
          <Anchor
            component={Link}
            to={to(`/itinerary/${item.acceptedInto.itineraryId}/bookings`)}
            size="sm"
          >
            {t('item.openTrip')}
          </Anchor>
        )}
        <Group gap="sm">
          {undoable && (
            <Button
              variant="default"
              leftSection={<IconArrowBackUp size={16} aria-hidden />}
              loading={undo.isPending}
              onClick={() => undo.mutate(item.id)}
            >
              {t('actions.undo')}
            </Button>
          )}
          <Button
            variant="outline"
            color="red.9"
            leftSection={<IconTrash size={16} aria-hidden />}
            loading={dismiss.isPending}
            onClick={() => dismiss.mutate(item.id)}
          >
            {t(open ? 'actions.dismiss' : 'actions.delete')}
          </Button>
        </Group>
        {undo.error ? <ProblemAlert error={undo.error} /> : null}
        {dismiss.error ? <ProblemAlert error={dismiss.error} /> : null}
        {item.text && (
          <Spoiler maxHeight={0} showLabel={t('item.showText')} hideLabel={t('item.hideText')}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} dir="auto">
              {item.text}
            </Text>
          </Spoiler>
        )}
      </Stack>
    </Paper>
  );
}
