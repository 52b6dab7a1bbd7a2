import { Alert, Button, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ProblemAlert } from '../../../components/form/problem-alert';
import { useClearInbox, useInbox, useInboxArrivals } from '../api/inbox';
import { useSharedToInbox } from '../api/shared';
import { ForwardingAddress } from './forwarding-address';
import { InboxItemCard } from './inbox-item-card';
import { InboxUpload } from './inbox-upload';

/**
 * /inbox: the traveller's booking inbox. Confirmations arrive (uploaded, dropped, pasted, or
 * forwarded) as items to review; nothing reaches a trip until accepted.
 */
export function InboxPage() {
  const { t } = useTranslation(['inbox', 'translation']);
  const inbox = useInbox();
  const clear = useClearInbox();
  const [confirming, setConfirming] = useState(false);
  useInboxArrivals();
  const shared = useSharedToInbox();
  const items = inbox.data?.items ?? [];
  return (
    <Container size="md" px={{ base: 'xs', xs: 'md' }} py="md">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1}>{t('translation:routes.inbox.title')}</Title>
          <Text c="gray.8">{t('page.lead')}</Text>
        </Stack>
        {shared.unavailable ? (
          <Alert color="yellow" variant="light" role="status">
            {t('share.unavailable')}
          </Alert>
        ) : null}
        {shared.receiving ? (
          <Text role="status" c="gray.8">
            {t('share.receiving')}
          </Text>
        ) : null}
        {shared.error ? <ProblemAlert error={shared.error} /> : null}
        <InboxUpload />
        <ForwardingAddress />
        {inbox.isPending ? (
          <Skeleton height={160} radius="lg" />
        ) : inbox.error ? (
          <ProblemAlert error={inbox.error} />
        ) : items.length === 0 ? (
          <Text c="gray.8">{t('page.empty')}</Text>
        ) : (
          <Stack gap="md" component="section" aria-label={t('page.items')}>
            {items.map((item) => (
              <InboxItemCard key={item.id} item={item} />
            ))}
          </Stack>
        )}
        {items.length > 0 && (
          <Group>
            <Button
              variant="outline"
              color="red.9"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => setConfirming(true)}
            >
              {t('actions.clear')}
            </Button>
          </Group>
        )}
        {clear.error ? <ProblemAlert error={clear.error} /> : null}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('clear.title')}
        message={t('clear.message')}
        confirm={t('clear.confirm')}
        cancel={t('clear.cancel')}
        pending={clear.isPending}
        onConfirm={() => clear.mutate(undefined, { onSuccess: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      />
    </Container>
  );
}
