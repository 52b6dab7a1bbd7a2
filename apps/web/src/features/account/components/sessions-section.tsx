import { Badge, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile, IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useLanguage } from '../../../i18n/use-language';
import { SecurityActivityCard } from '../../security/public';
import { useSessions, type SessionItem } from '../api/list-sessions';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions';
import { useRevokeSession } from '../api/revoke-session';
import { formatDateTime, formatRelative } from '../../../lib/format-time';
import { parseUserAgent } from '../../../lib/user-agent';
import classes from './account.module.css';
import { LoadingBlock } from './loading-block';
import { ProblemAlert } from './problem-alert';
import { SectionCard, SectionHeader } from './section-card';
import { SuccessAlert } from './success-alert';

function useDeviceName() {
  const { t } = useTranslation('account');
  return (session: SessionItem) => {
    const { browser, os } = parseUserAgent(session.userAgent);
    if (browser && os) return t('sessions.browserOn', { browser, os });
    return browser ?? os ?? t('sessions.unknownDevice');
  };
}

function SessionRow({
  session,
  onRevoke,
  revoking,
}: {
  session: SessionItem;
  onRevoke: () => void;
  revoking: boolean;
}) {
  const { t } = useTranslation('account');
  const { language } = useLanguage();
  const deviceName = useDeviceName();
  const device = deviceName(session);
  const { mobile } = parseUserAgent(session.userAgent);
  const titleId = `session-${session.id}`;
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      aria-labelledby={titleId}
      data-current={session.current || undefined}
      style={{ listStyle: 'none' }}
    >
      <div className={classes.sessionRow}>
        <ThemeIcon variant="light" color="ink" radius="xl" size={40}>
          {mobile ? (
            <IconDeviceMobile size={20} aria-hidden />
          ) : (
            <IconDeviceDesktop size={20} aria-hidden />
          )}
        </ThemeIcon>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text id={titleId} fw={600}>
              {device}
            </Text>
            {session.current ? (
              <Badge color="teal.9" variant="outline">
                {t('sessions.thisDevice')}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="gray.8">
            {t('sessions.ip', { ip: session.ipAddress ?? t('sessions.unknownIp') })}
          </Text>
          <Text size="sm" c="gray.8">
            {t('sessions.created', { date: formatDateTime(session.createdAt, language) })}
          </Text>
          <Text size="sm" c="gray.8">
            <span>{t('sessions.lastActive')} </span>
            <time dateTime={session.updatedAt} title={formatDateTime(session.updatedAt, language)}>
              {formatRelative(session.updatedAt, language)}
            </time>
          </Text>
        </Stack>
        {session.current ? null : (
          <Button
            className={classes.sessionAction}
            variant="default"
            size="xs"
            leftSection={<IconLogout size={16} aria-hidden />}
            loading={revoking}
            onClick={onRevoke}
            aria-label={t('sessions.revokeLabel', { device })}
          >
            {t('sessions.revoke')}
          </Button>
        )}
      </div>
    </Paper>
  );
}

/** Where the traveller is signed in: sign one device out, or all but this one. */
export function SessionsSection() {
  const { t } = useTranslation('account');
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const deviceName = useDeviceName();
  const [notice, setNotice] = useState<string | null>(null);
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;

  function revokeOne(session: SessionItem) {
    setNotice(null);
    revokeOthers.reset();
    revoke.mutate(
      { id: session.id },
      { onSuccess: () => setNotice(t('sessions.revoked', { device: deviceName(session) })) },
    );
  }

  function revokeAllOthers() {
    setNotice(null);
    revoke.reset();
    revokeOthers.mutate(undefined, { onSuccess: () => setNotice(t('sessions.revokedOthers')) });
  }

  return (
    <>
      <SectionHeader title={t('tabs.sessions')} lead={t('sessions.lead')} />
      <Stack gap="lg">
        <SectionCard
          id="sessions-card"
          title={t('sessions.title')}
          description={t('sessions.text')}
        >
          {notice ? <SuccessAlert>{notice}</SuccessAlert> : null}
          {revoke.error ? <ProblemAlert error={revoke.error} /> : null}
          {revokeOthers.error ? <ProblemAlert error={revokeOthers.error} /> : null}
          {sessions.isPending ? (
            <LoadingBlock heights={[110, 110]} />
          ) : sessions.isError ? (
            <ProblemAlert error={sessions.error} />
          ) : (
            <Stack component="ul" gap="xs" p={0} m={0} aria-labelledby="sessions-card">
              {sessions.data.map((session) => (
                <SessionRow
                  key={session.id}
                  session={session}
                  revoking={revoke.isPending && revoke.variables.id === session.id}
                  onRevoke={() => revokeOne(session)}
                />
              ))}
            </Stack>
          )}
          {sessions.isSuccess ? (
            <Group justify="space-between" gap="sm">
              <Text size="sm" c="gray.8">
                {others === 0 ? t('sessions.noOthers') : t('sessions.othersHint')}
              </Text>
              <Button
                color="red.9"
                variant="outline"
                leftSection={<IconLogout size={18} aria-hidden />}
                disabled={others === 0}
                loading={revokeOthers.isPending}
                onClick={revokeAllOthers}
              >
                {t('sessions.revokeOthers')}
              </Button>
            </Group>
          ) : null}
        </SectionCard>
        <SecurityActivityCard />
      </Stack>
    </>
  );
}
