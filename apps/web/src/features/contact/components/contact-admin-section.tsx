import {
  CONTACT_LIMITS,
  contactReplyRequestSchema,
  type ContactMessage,
  type ContactStatus,
} from '@jammy/shared/contact';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconRefresh, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { ProblemAlert } from '../../../components/form/problem-alert';
import { SubmitBar } from '../../../components/form/submit-bar';
import { useForm } from '../../../components/form/use-form';
import { useLanguage } from '../../../i18n/use-language';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-time';
import { useAnswerContact, useContactMessages, useSetContactStatus } from '../api/contact-admin';
import classes from './contact.module.css';

const STATUSES: ContactStatus[] = ['open', 'handled', 'spam'];

/** What an admin may do with a message of each status (besides answering it). */
const MOVES: Record<ContactStatus, { to: ContactStatus; label: string; primary: boolean }[]> = {
  open: [
    { to: 'handled', label: 'admin.markHandled', primary: true },
    { to: 'spam', label: 'admin.markSpam', primary: false },
  ],
  handled: [{ to: 'open', label: 'admin.reopen', primary: false }],
  spam: [{ to: 'open', label: 'admin.notSpam', primary: false }],
};

function MessageCard({ message }: { message: ContactMessage }) {
  const { t } = useTranslation('contact');
  const { language } = useLanguage();
  const answer = useAnswerContact();
  const move = useSetContactStatus();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const headingId = `contact-message-${message.id}`;
  const form = useForm({
    ns: 'contact',
    messages: { body: { required: 'admin.answerRequired' } },
    initialValues: { body: '' },
    schema: contactReplyRequestSchema,
    submit: async ({ body }) => {
      setSentTo(null);
      await answer.mutateAsync({ message, body });
      form.setValues({ body: '' });
      setSentTo(message.email);
    },
  });

  const moveError = move.error;
  return (
    <Paper
      component="article"
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      aria-labelledby={headingId}
      data-testid="contact-message"
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={3} size="h5" id={headingId}>
              {t('admin.from', { name: message.name })}
            </Title>
            <Anchor
              href={`mailto:${message.email}`}
              size="sm"
              dir="ltr"
              className={classes.message}
            >
              {message.email}
            </Anchor>
          </Stack>
          <Text size="xs" c="gray.8">
            {t('admin.received', { date: formatDateTime(message.createdAt, language) })}
          </Text>
        </Group>
        <Group gap="xs">
          <Badge variant="light" color="ink" c="ink.9">
            {t(`topics.${message.topic}`)}
          </Badge>
          {message.userId ? (
            <Badge variant="light" color="teal" c="teal.9">
              {t('admin.account')}
            </Badge>
          ) : null}
        </Group>
        {message.spamReason ? (
          <Text size="sm" c="orange.9">
            {t(message.spamReason === 'honeypot' ? 'admin.spamHoneypot' : 'admin.spamTooFast')}
          </Text>
        ) : null}
        <Text className={classes.message} dir="auto">
          {message.message}
        </Text>

        {message.replies.length > 0 ? (
          <Stack gap="xs">
            <Text fw={700} size="sm">
              {t('admin.replies')}
            </Text>
            {message.replies.map((reply) => (
              <div key={reply.id} className={classes.quote}>
                <Text size="xs" c="gray.8">
                  {t('admin.repliedBy', {
                    who: reply.authorEmail ?? '—',
                    date: formatDateTime(reply.createdAt, language),
                  })}
                </Text>
                <Text size="sm" className={classes.message} dir="auto">
                  {reply.body}
                </Text>
              </div>
            ))}
          </Stack>
        ) : null}

        {message.status !== 'spam' ? (
          <form {...form.formProps}>
            <Stack gap="xs">
              <Textarea
                {...form.field('body')}
                label={t('admin.answerLabel', { email: message.email })}
                description={t('admin.answerHint')}
                autosize
                minRows={3}
                maxRows={12}
                maxLength={CONTACT_LIMITS.reply}
              />
              {form.failure !== null && <ProblemAlert error={form.failure} />}
              {sentTo ? (
                <Text size="sm" c="teal.9" role="status">
                  {t('admin.sentNotice', { email: sentTo })}
                </Text>
              ) : null}
              <SubmitBar
                label={t('admin.send')}
                submitting={form.submitting}
                size="sm"
                align="start"
                icon={<IconSend size={16} aria-hidden />}
              />
            </Stack>
          </form>
        ) : null}

        {moveError ? (
          <Text size="sm" c="red.8" role="alert">
            {moveError instanceof ApiError && moveError.status === 409
              ? t('admin.conflict')
              : t('admin.failed')}
          </Text>
        ) : null}
        <Group gap="xs">
          {MOVES[message.status].map((option) => (
            <Button
              key={option.to}
              size="sm"
              variant={option.primary ? 'filled' : 'default'}
              leftSection={option.primary ? <IconCheck size={16} aria-hidden /> : undefined}
              loading={move.isPending && move.variables.status === option.to}
              onClick={() => move.mutate({ message, status: option.to })}
            >
              {t(option.label)}
            </Button>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}

/** For admins, on the account page: contact messages to read, answer and close. */
export function ContactAdminSection() {
  const { t } = useTranslation('contact');
  const [status, setStatus] = useState<ContactStatus>('open');
  const messages = useContactMessages(status);
  const items = messages.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <>
      <Stack gap={4} mb="lg">
        <Title order={2} size="h3">
          {t('admin.tab')}
        </Title>
        <Text c="gray.8">{t('admin.lead')}</Text>
      </Stack>
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <SegmentedControl
            aria-label={t('admin.statusLabel')}
            value={status}
            onChange={(value) => setStatus(value as ContactStatus)}
            data={STATUSES.map((value) => ({ value, label: t(`admin.statuses.${value}`) }))}
          />
          <Button
            variant="default"
            size="xs"
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={messages.isFetching && !messages.isFetchingNextPage}
            onClick={() => void messages.refetch()}
          >
            {t('admin.refresh')}
          </Button>
        </Group>
        {messages.isPending ? (
          <Stack gap="sm">
            <Skeleton height={120} radius="lg" />
            <Skeleton height={120} radius="lg" />
          </Stack>
        ) : messages.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />}>
            <Text size="sm" c="red.9">
              {t('admin.failed')}
            </Text>
          </Alert>
        ) : items.length === 0 ? (
          <Text c="gray.8">{t(`admin.empty.${status}`)}</Text>
        ) : (
          <Stack gap="md">
            {items.map((message) => (
              <MessageCard key={message.id} message={message} />
            ))}
            {messages.hasNextPage ? (
              <div>
                <Button
                  variant="default"
                  loading={messages.isFetchingNextPage}
                  onClick={() => void messages.fetchNextPage()}
                >
                  {t('admin.more')}
                </Button>
              </div>
            ) : null}
          </Stack>
        )}
      </Stack>
    </>
  );
}
