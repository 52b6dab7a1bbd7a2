import type { SecurityEvent } from '@jammy/shared/security-events';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconShieldCheck, IconShieldX } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import { ProblemAlert } from '../../../components/form/problem-alert';
import { useLanguage } from '../../../i18n/use-language';
import { formatDateTime, formatRelative } from '../../../lib/format-time';
import { parseUserAgent } from '../../../lib/user-agent';
import { useSecurityEvents, useTokenUse } from '../api/security-events';

function useDevice() {
  const { t } = useTranslation('security');
  return (userAgent: string | null) => {
    const { browser, os } = parseUserAgent(userAgent);
    if (browser && os) return t('browserOn', { browser, os });
    return browser ?? os ?? t('unknownDevice');
  };
}

function EventRow({ event }: { event: SecurityEvent }) {
  const { t } = useTranslation('security');
  const { language } = useLanguage();
  const device = useDevice();
  const what =
    event.kind === 'sign-in'
      ? t(event.success ? 'signedIn' : 'refused', {
          method: t(`methods.${event.method ?? 'other'}`, { defaultValue: event.method ?? '' }),
        })
      : t(`kinds.${event.kind}`, { name: event.detail ?? '' });
  const Icon = event.success ? IconShieldCheck : IconShieldX;
  return (
    <Paper component="li" withBorder radius="md" p="sm" style={{ listStyle: 'none' }}>
      <Stack gap={4}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Icon size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text fw={600} size="sm" dir="auto" style={{ overflowWrap: 'anywhere' }}>
            {what}
          </Text>
          {event.success ? null : (
            <Badge color="red.9" variant="outline" style={{ flexShrink: 0 }}>
              {t('failed')}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="gray.8">
          <time dateTime={event.createdAt}>{formatDateTime(event.createdAt, language)}</time>
        </Text>
        <Text size="sm" c="gray.8" style={{ overflowWrap: 'anywhere' }}>
          {device(event.userAgent)}
          {event.ip ? (
            <>
              {' · '}
              <span dir="ltr">{event.ip}</span>
            </>
          ) : null}
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * The account's security activity: sign-ins (refused ones too), passkeys, second factor and
 * API tokens, each with its time, address and device; and when each API token was last used.
 */
export function SecurityActivityCard() {
  const { t } = useTranslation('security');
  const { language } = useLanguage();
  const events = useSecurityEvents();
  const tokens = useTokenUse();
  const items = events.data?.pages.flatMap((page) => page.items) ?? [];
  const used = (tokens.data ?? []).flatMap(({ id, name, lastUsedAt }) =>
    lastUsedAt ? [{ id, name, lastUsedAt }] : [],
  );
  return (
    <Paper
      component="section"
      aria-labelledby="security-activity-card"
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title id="security-activity-card" order={3} size="h4">
            {t('title')}
          </Title>
          <Text size="sm" c="gray.8">
            {t('text')}
          </Text>
        </Stack>
        {events.isError ? <ProblemAlert error={events.error} /> : null}
        {events.isPending ? (
          <Text size="sm" c="gray.8" role="status">
            {t('loading')}
          </Text>
        ) : items.length === 0 ? (
          <Text size="sm" c="gray.8">
            {t('none')}
          </Text>
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} aria-labelledby="security-activity-card">
            {items.map((event) => (
              <EventRow key={event.id} event={event} />
            ))}
          </Stack>
        )}
        {events.hasNextPage ? (
          <Button
            variant="default"
            size="xs"
            style={{ alignSelf: 'flex-start' }}
            loading={events.isFetchingNextPage}
            onClick={() => void events.fetchNextPage()}
          >
            {t('more')}
          </Button>
        ) : null}
        {used.length > 0 ? (
          <Stack gap={4}>
            <Title order={4} size="h5">
              {t('tokenUse')}
            </Title>
            {used.map((token) => (
              <Text key={token.id} size="sm" c="gray.8" dir="auto">
                {t('tokenUsed', { name: token.name })}{' '}
                <time
                  dateTime={token.lastUsedAt}
                  title={formatDateTime(token.lastUsedAt, language)}
                >
                  {formatRelative(token.lastUsedAt, language)}
                </time>
              </Text>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
