import { Anchor, Badge, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from '../../../i18n/react';
import { useLanguage } from '../../../i18n/use-language';
import { useOutboxMessage } from '../api/get-outbox-message';
import { formatDateTime } from '../../../lib/format-time';
import classes from './account.module.css';
import { LoadingBlock } from './loading-block';
import { ProblemAlert } from './problem-alert';

/** One outbox message: who it was for, when, its text, and the links in it. */
export function OutboxMessageModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation('account');
  const { language } = useLanguage();
  const phone = useMediaQuery('(max-width: 36em)');
  const message = useOutboxMessage(id);
  const data = message.data;

  return (
    <Modal
      opened={id !== null}
      onClose={onClose}
      title={data ? (data.subject ?? t('outbox.smsSubject')) : t('outbox.messageTitle')}
      size="lg"
      fullScreen={phone}
      radius="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {message.isPending ? (
        <LoadingBlock heights={[18, 160]} />
      ) : message.isError ? (
        <ProblemAlert error={message.error} />
      ) : data ? (
        <Stack gap="md">
          <Group gap="xs">
            <Badge variant="light" color="ink" c="ink.9">
              {t(data.kind === 'mail' ? 'outbox.kindMail' : 'outbox.kindSms')}
            </Badge>
            <Text size="sm" c="gray.8">
              {formatDateTime(data.createdAt, language)}
            </Text>
          </Group>
          <Text size="sm" c="gray.8" style={{ overflowWrap: 'anywhere' }}>
            {t('outbox.to', { to: data.to })}
          </Text>
          <Title order={3} size="h5">
            {t('outbox.text')}
          </Title>
          <pre className={classes.messageText} dir="auto">
            {data.text}
          </pre>
          {data.links.length > 0 ? (
            <Stack gap={6}>
              <Title order={3} size="h5">
                {t('outbox.links')}
              </Title>
              <ul className={classes.linkList}>
                {data.links.map((link) => (
                  <li key={link}>
                    <Anchor
                      href={link}
                      target="_blank"
                      rel="noopener noreferrer"
                      size="sm"
                      dir="ltr"
                    >
                      {link}
                    </Anchor>
                  </li>
                ))}
              </ul>
            </Stack>
          ) : null}
        </Stack>
      ) : null}
    </Modal>
  );
}
