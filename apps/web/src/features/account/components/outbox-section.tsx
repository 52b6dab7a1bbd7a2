import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  UnstyledButton,
} from '@mantine/core';
import { IconInfoCircle, IconMail, IconMessage, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useLanguage } from '../../../i18n/use-language';
import { useOutbox, type OutboxMessage } from '../api/get-outbox';
import { formatDateTime } from '../../../lib/format-time';
import { OutboxMessageModal } from './outbox-message-modal';
import classes from './account.module.css';
import { LoadingBlock } from './loading-block';
import { ProblemAlert } from './problem-alert';
import { SectionHeader } from './section-card';

function OutboxRow({ message, onOpen }: { message: OutboxMessage; onOpen: () => void }) {
  const { t } = useTranslation('account');
  const { language } = useLanguage();
  const mail = message.kind === 'mail';
  return (
    <li className={classes.outboxItem}>
      <UnstyledButton className={classes.outboxButton} onClick={onOpen} aria-haspopup="dialog">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" color={mail ? 'ink' : 'jam'} radius="xl" size={36}>
            {mail ? <IconMail size={18} aria-hidden /> : <IconMessage size={18} aria-hidden />}
          </ThemeIcon>
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Group gap="xs" justify="space-between" wrap="wrap">
              <Text fw={600} size="sm" className={classes.clamp} dir="auto">
                {message.subject ?? t('outbox.smsSubject')}
              </Text>
              <Text size="xs" c="gray.7">
                {formatDateTime(message.createdAt, language)}
              </Text>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <Badge
                size="sm"
                variant="light"
                color={mail ? 'ink' : 'jam'}
                c={mail ? 'ink.9' : 'jam.9'}
              >
                {t(mail ? 'outbox.kindMail' : 'outbox.kindSms')}
              </Badge>
              <Text size="sm" c="gray.8" className={classes.clamp}>
                {t('outbox.to', { to: message.to })}
              </Text>
            </Group>
          </Stack>
        </Group>
      </UnstyledButton>
    </li>
  );
}

/** For admins: the mails and text messages Jammy kept because no provider is configured. */
export function OutboxSection() {
  const { t } = useTranslation('account');
  const outbox = useOutbox();
  const [openId, setOpenId] = useState<string | null>(null);

  return (
    <>
      <SectionHeader title={t('tabs.outbox')} lead={t('outbox.lead')} />
      <Stack gap="lg">
        <Alert
          color="ink"
          variant="light"
          icon={<IconInfoCircle size={20} aria-hidden />}
          title={t('outbox.whyTitle')}
          styles={{ title: { color: 'var(--mantine-color-ink-9)' } }}
        >
          <Text size="sm" c="ink.9">
            {t('outbox.why')}
          </Text>
        </Alert>
        <Paper component="section" withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <Group justify="space-between" gap="sm">
              <Text component="h3" fw={700} size="lg" m={0} id="outbox-list-title">
                {t('outbox.title')}
              </Text>
              <Button
                variant="default"
                size="xs"
                leftSection={<IconRefresh size={16} aria-hidden />}
                loading={outbox.isFetching}
                onClick={() => void outbox.refetch()}
              >
                {t('common.refresh')}
              </Button>
            </Group>
            {outbox.isPending ? (
              <LoadingBlock heights={[64, 64, 64]} />
            ) : outbox.isError ? (
              <ProblemAlert error={outbox.error} />
            ) : outbox.data.items.length === 0 ? (
              <Text size="sm" c="gray.8">
                {t('outbox.empty')}
              </Text>
            ) : (
              <ul className={classes.outboxList} aria-labelledby="outbox-list-title">
                {outbox.data.items.map((message) => (
                  <OutboxRow
                    key={message.id}
                    message={message}
                    onOpen={() => setOpenId(message.id)}
                  />
                ))}
              </ul>
            )}
          </Stack>
        </Paper>
      </Stack>
      <OutboxMessageModal id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
