import { Badge, Button, Container, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { useServerReachable } from '../../lib/connectivity';
import { discardEntry, keepMine, replayOutbox, useOutbox } from '../../lib/outbox';
import { describeEntry, differingFields, type OutboxEntry } from '../../lib/outbox-core';
import classes from './pwa.module.css';

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * Changes made offline that wait to be sent: "N changes waiting", the list of them, and,
 * when one cannot be sent, the traveller's choice (never a silent drop): a conflict shows
 * their version and mine side by side; any other refusal shows the reason and Discard.
 */
export function OutboxStatus() {
  const { t } = useTranslation();
  const entries = useOutbox();
  const reachable = useServerReachable();
  const queryClient = useQueryClient();
  const [reviewing, setReviewing] = useState(false);
  const [dismissed, setDismissed] = useState<string | undefined>();
  const blocked = entries[0]?.problem ? entries[0] : undefined;
  const blockedKey = blocked?.idempotencyKey;
  // A change the server would not take asks for a decision at once (until closed).
  const open = reviewing || (blockedKey !== undefined && blockedKey !== dismissed);
  const close = () => {
    setReviewing(false);
    setDismissed(blockedKey);
  };

  if (entries.length === 0) return null;

  const refresh = (entry: OutboxEntry) =>
    queryClient.invalidateQueries({
      queryKey: entry.itineraryId ? ['itineraries'] : ['itineraries', 'list'],
    });
  const resolve = async (action: () => Promise<void>, entry: OutboxEntry) => {
    await action();
    await refresh(entry);
    if (reachable) void replayOutbox();
  };

  const label = (entry: OutboxEntry) => {
    const { action, kind, name } = describeEntry(entry);
    return t('pwa.outbox.entry', {
      action: t(`pwa.outbox.action.${action}`),
      kind: t(`pwa.outbox.kind.${kind}`),
      name: name ? `“${name}”` : '',
    }).trim();
  };

  return (
    <div className={classes.outboxBar} data-testid="outbox-status">
      <Container size="lg" py={6}>
        <Group gap="sm" justify="space-between" wrap="wrap">
          <Group gap="xs" wrap="nowrap">
            <IconCloudUpload size={18} aria-hidden style={{ flex: 'none' }} />
            <Text size="sm" fw={650} role="status" data-testid="outbox-count">
              {t('pwa.outbox.waiting', { count: entries.length })}
            </Text>
          </Group>
          <Button size="compact-sm" variant="white" color="dark" onClick={() => setReviewing(true)}>
            {t('pwa.outbox.review')}
          </Button>
        </Group>
      </Container>
      <Modal
        opened={open}
        onClose={close}
        title={
          blocked?.problem?.kind === 'conflict'
            ? t('pwa.outbox.conflict.title')
            : t('pwa.outbox.title')
        }
        size="lg"
        closeButtonProps={{ 'aria-label': t('pwa.outbox.close') }}
        data-testid="outbox-dialog"
      >
        <Stack gap="md">
          {blocked?.problem?.kind === 'conflict' ? (
            <Stack gap="sm" data-testid="outbox-conflict">
              <Text size="sm">{t('pwa.outbox.conflict.body', { change: label(blocked) })}</Text>
              <Table withTableBorder withColumnBorders layout="fixed">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('pwa.outbox.conflict.field')}</Table.Th>
                    <Table.Th scope="col">{t('pwa.outbox.conflict.theirs')}</Table.Th>
                    <Table.Th scope="col">{t('pwa.outbox.conflict.mine')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {differingFields(blocked.body, blocked.problem.current).map((row) => (
                    <Table.Tr key={row.field}>
                      <Table.Th scope="row">
                        {t(`pwa.outbox.field.${row.field}`, { defaultValue: row.field })}
                      </Table.Th>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{show(row.theirs)}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{show(row.mine)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <Group gap="sm" wrap="wrap">
                <Button
                  variant="default"
                  onClick={() => void resolve(() => discardEntry(blocked), blocked)}
                >
                  {t('pwa.outbox.conflict.keepTheirs')}
                </Button>
                <Button onClick={() => void resolve(() => keepMine(blocked), blocked)}>
                  {t('pwa.outbox.conflict.keepMine')}
                </Button>
              </Group>
            </Stack>
          ) : null}
          {blocked?.problem?.kind === 'rejected' ? (
            <Stack gap="sm" data-testid="outbox-rejected">
              <Text size="sm">
                {t('pwa.outbox.rejected', {
                  change: label(blocked),
                  reason: blocked.problem.message || blocked.problem.code,
                })}
              </Text>
              <Group>
                <Button
                  color="red"
                  onClick={() => void resolve(() => discardEntry(blocked), blocked)}
                >
                  {t('pwa.outbox.discard')}
                </Button>
              </Group>
            </Stack>
          ) : null}
          {blocked ? null : (
            <Text size="sm" c="dimmed">
              {reachable ? t('pwa.outbox.sending') : t('pwa.outbox.whenOnline')}
            </Text>
          )}
          <Stack component="ol" gap={4} m={0} ps="lg">
            {entries.map((entry) => (
              <Text component="li" size="sm" key={entry.idempotencyKey}>
                {label(entry)}{' '}
                <Badge size="sm" variant="light" color={entry.problem ? 'red' : 'gray'}>
                  {entry.problem ? t('pwa.outbox.needsChoice') : t('pwa.outbox.pending')}
                </Badge>
              </Text>
            ))}
          </Stack>
        </Stack>
      </Modal>
    </div>
  );
}
